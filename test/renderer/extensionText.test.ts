/** Words of the extension pages that depend on a count. */
import { describe, expect, it } from 'vitest'
import { allDefinitions } from '../../src/renderer/components/extensions/extensionText'

describe('allDefinitions', () => {
  it('says "The one definition" for a single tool, never "All 1 definition"', () => {
    expect(allDefinitions(1)).toBe('The one definition')
  })

  it('counts the definitions of several tools', () => {
    expect(allDefinitions(0)).toBe('All 0 definitions')
    expect(allDefinitions(45)).toBe('All 45 definitions')
  })
})
