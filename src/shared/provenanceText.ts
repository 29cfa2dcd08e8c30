/**
 * Provenance in words, and the few readings of it main and the window share (shared/provenanceApi.ts).
 * Kept free of zod (type imports only), so the chat's hover text costs the window's first chunk
 * almost nothing.
 */
import type { OutsideWhy, Provenance, ProvenanceSource } from './provenanceApi'

const WHY_WORDS: Record<OutsideWhy, string> = {
  'open-world': 'its tool reaches the open world',
  remote: 'a remote extension',
  'connected-app': 'a connected app',
  marked: 'marked as bringing outside content',
}

/** "the tool reaches the open world", for a tooltip's detail. */
export function outsideWhyWords(why: OutsideWhy): string {
  return WHY_WORDS[why]
}

/** The outside sources a provenance holds (its own source and what it carries), each name once. */
export function outsideSourcesOf(provenance: Provenance | undefined): ProvenanceSource[] {
  if (!provenance) return []
  return uniqueSources([provenance.from, ...(provenance.carries ?? [])].filter((source) => source.outside !== undefined))
}

/** Sources with the same kind and name kept once (the first). */
export function uniqueSources(sources: readonly ProvenanceSource[]): ProvenanceSource[] {
  const seen = new Set<string>()
  return sources.filter((source) => {
    const key = `${source.kind}\u0000${source.name}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The chat's hover text: "From GitHub — outside content", "From you", a summary's "From the model (gpt-4o) — carries outside content from Calendar". */
export function provenanceLabel(provenance: Provenance | undefined): string | undefined {
  if (!provenance) return undefined
  const from = provenance.from.kind === 'person' ? 'you' : provenance.from.kind === 'model' ? `the model (${provenance.from.name})` : provenance.from.name
  const outside = outsideSourcesOf(provenance)
  if (outside.length === 0) return `From ${from}`
  const own = provenance.from.outside !== undefined
  const carried = outside.filter((source) => source !== provenance.from).map((source) => source.name)
  return `From ${from}${own ? ' — outside content' : ''}${carried.length > 0 ? `${own ? ';' : ' —'} carries outside content from ${carried.join(', ')}` : ''}`
}
