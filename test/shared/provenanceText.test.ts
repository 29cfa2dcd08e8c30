/** The chat's hover text for provenance (shared/provenanceText.ts). */
import { describe, expect, it } from 'vitest'
import { outsideSourcesOf, provenanceLabel } from '../../src/shared/provenanceText'

const github = { kind: 'extension' as const, name: 'GitHub', extensionId: 'github', outside: 'remote' as const }

describe('provenance in words', () => {
  it('names the source and says when it is outside content', () => {
    expect(provenanceLabel({ from: github })).toBe('From GitHub — outside content')
    expect(provenanceLabel({ from: { kind: 'extension', name: 'Notes' } })).toBe('From Notes')
    expect(provenanceLabel({ from: { kind: 'person', name: 'you' } })).toBe('From you')
    expect(provenanceLabel(undefined)).toBeUndefined()
  })

  it('a sub-agent answer and a summary say what outside content they carry', () => {
    expect(provenanceLabel({ from: { kind: 'sub-agent', name: 'Researcher' }, carries: [github] })).toBe('From Researcher — carries outside content from GitHub')
    expect(provenanceLabel({ from: github, carries: [{ ...github, name: 'Web' }] })).toBe('From GitHub — outside content; carries outside content from Web')
    expect(outsideSourcesOf({ from: { kind: 'sub-agent', name: 'Researcher' }, carries: [github, github] })).toEqual([github])
  })
})
