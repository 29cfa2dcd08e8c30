/** How the window shows resources and tool-result parts: audience, previews, and URI templates. */
import { describe, expect, it } from 'vitest'
import { audienceOf, expandTemplate, previewOf, splitByAudience, templateVariables } from '../../src/renderer/components/resources/resourceView'

describe('resource view rules', () => {
  it('keeps parts marked only for the assistant out of what the person sees (shown folded), and shows the rest', () => {
    const content = [
      { type: 'text', text: 'for everyone' },
      { type: 'text', text: 'for the person', annotations: { audience: ['user'] } },
      { type: 'text', text: 'for the model', annotations: { audience: ['assistant'] } },
      { type: 'text', text: 'for both', annotations: { audience: ['user', 'assistant'], priority: 1 } },
      { type: 'text', text: 'empty audience', annotations: { audience: [] } },
    ]
    expect(content.map(audienceOf)).toEqual(['everyone', 'person', 'model', 'everyone', 'everyone'])
    const { shown, forModel } = splitByAudience(content)
    expect(shown.map((block) => block.text)).toEqual(['for everyone', 'for the person', 'for both', 'empty audience'])
    expect(forModel.map((block) => block.text)).toEqual(['for the model'])
    expect(audienceOf(null)).toBe('everyone')
    expect(audienceOf({ annotations: { audience: 'assistant' } })).toBe('everyone')
  })

  it('previews JSON pretty, text as is, images drawn, and other blobs as size and type', () => {
    expect(previewOf({ uri: 'a', mimeType: 'application/json', text: '{"a":[1,2]}', size: 11 })).toEqual({ kind: 'json', text: '{\n  "a": [\n    1,\n    2\n  ]\n}' })
    expect(previewOf({ uri: 'a', mimeType: 'application/json', text: 'not json', size: 8 })).toEqual({ kind: 'text', text: 'not json' })
    expect(previewOf({ uri: 'a', mimeType: 'text/plain', text: 'hi', size: 2 })).toEqual({ kind: 'text', text: 'hi' })
    expect(previewOf({ uri: 'a', mimeType: 'image/png', blob: 'iVBORw0KGgo=', size: 8 })).toEqual({ kind: 'image', src: 'data:image/png;base64,iVBORw0KGgo=' })
    // An SVG could carry script: it is described, never drawn.
    expect(previewOf({ uri: 'a', mimeType: 'image/svg+xml', blob: 'PHN2Zz4=', size: 5 })).toEqual({ kind: 'binary', mimeType: 'image/svg+xml', size: 5, omitted: false })
    expect(previewOf({ uri: 'a', size: 9_000_000, omittedBytes: 9_000_000 })).toEqual({ kind: 'binary', mimeType: 'application/octet-stream', size: 9_000_000, omitted: true })
  })

  it('reads template variables and expands them', () => {
    expect(templateVariables('demo://resource/dynamic/text/{resourceId}')).toEqual(['resourceId'])
    expect(expandTemplate('demo://resource/dynamic/text/{resourceId}', { resourceId: '4' })).toBe('demo://resource/dynamic/text/4')
    expect(expandTemplate('file:///{path}', { path: 'a b' })).toBe('file:///a%20b')
  })
})
