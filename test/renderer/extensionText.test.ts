/** Words of the extension pages that depend on a count. */
import { describe, expect, it } from 'vitest'
import { allDefinitions, countsText, toolsText } from '../../src/renderer/components/extensions/extensionText'

describe('allDefinitions', () => {
  it('says "The one definition" for a single tool, never "All 1 definition"', () => {
    expect(allDefinitions(1)).toBe('The one definition')
  })

  it('counts the definitions of several tools', () => {
    expect(allDefinitions(0)).toBe('All 0 definitions')
    expect(allDefinitions(45)).toBe('All 45 definitions')
  })
})

describe('toolsText', () => {
  it('says how many of all tools are on once some are switched off', () => {
    expect(toolsText(3, 37)).toBe('3 of 40 tools on')
    expect(toolsText(0, 2)).toBe('0 of 2 tools on')
  })

  it('counts plainly while every tool is on', () => {
    expect(toolsText(40, 0)).toBe('40 tools')
    expect(toolsText(1, 0)).toBe('1 tool')
  })

  it('is the tools part of the row summary', () => {
    expect(countsText({ toolCount: 3, toolsOff: 37, resourceCount: 2, promptCount: 0 })).toBe('3 of 40 tools on · 2 resources')
  })
})
