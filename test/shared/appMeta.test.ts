import { describe, expect, it } from 'vitest'
import { callableByApp, resourceUiOf, toolUiOf, visibleToModel } from '../../src/shared/appMeta'

describe('toolUiOf', () => {
  it('reads the nested resourceUri, and the deprecated flat key, the nested one winning', () => {
    expect(toolUiOf({ ui: { resourceUri: 'ui://a/app.html' } })).toEqual({ resourceUri: 'ui://a/app.html', visibility: ['model', 'app'] })
    expect(toolUiOf({ 'ui/resourceUri': 'ui://old/app.html' })).toEqual({ resourceUri: 'ui://old/app.html', visibility: ['model', 'app'] })
    expect(toolUiOf({ ui: { resourceUri: 'ui://new' }, 'ui/resourceUri': 'ui://old' })?.resourceUri).toBe('ui://new')
  })

  it('ignores what is not a ui:// App, and tools without any App metadata', () => {
    expect(toolUiOf({ ui: { resourceUri: 'https://evil.example/app.html' } })).toBeUndefined()
    expect(toolUiOf({ other: 1 })).toBeUndefined()
    expect(toolUiOf(undefined)).toBeUndefined()
    expect(toolUiOf('ui://x')).toBeUndefined()
  })

  it('keeps the declared visibility', () => {
    expect(toolUiOf({ ui: { visibility: ['app'] } })).toEqual({ visibility: ['app'] })
    expect(toolUiOf({ ui: { resourceUri: 'ui://a', visibility: ['model', 'model'] } })).toEqual({ resourceUri: 'ui://a', visibility: ['model'] })
  })
})

describe('visibility rules', () => {
  it('hides app-only tools from the model and refuses model-only tools to Apps; both by default', () => {
    expect(visibleToModel(toolUiOf({ ui: { visibility: ['app'] } }))).toBe(false)
    expect(callableByApp(toolUiOf({ ui: { visibility: ['app'] } }))).toBe(true)
    expect(visibleToModel(toolUiOf({ ui: { visibility: ['model'] } }))).toBe(true)
    expect(callableByApp(toolUiOf({ ui: { visibility: ['model'] } }))).toBe(false)
    expect(visibleToModel(undefined)).toBe(true)
    expect(callableByApp(undefined)).toBe(true)
  })
})

describe('resourceUiOf', () => {
  it('reads the CSP, permissions and border wish, and ignores malformed parts instead of loosening', () => {
    expect(resourceUiOf({ ui: { csp: { connectDomains: ['https://a.com'] }, permissions: { microphone: {}, clipboardWrite: {} }, prefersBorder: false } })).toEqual({
      csp: { connectDomains: ['https://a.com'] },
      permissions: ['microphone', 'clipboardWrite'],
      prefersBorder: false,
    })
    expect(resourceUiOf({ ui: { csp: 'default-src *', permissions: { usb: {} } } })).toEqual({ permissions: [] })
    expect(resourceUiOf(undefined)).toEqual({ permissions: [] })
  })
})
