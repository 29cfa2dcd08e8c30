/** OAuth scope strings (space-separated words): union for step-up, coverage for "already granted". */

export function scopeWords(scope: string | undefined): string[] {
  return (scope ?? '').split(' ').filter((word) => word.length > 0)
}

/** Every word of each scope once, in first-seen order; undefined when there is none. */
export function scopeUnion(...scopes: (string | undefined)[]): string | undefined {
  const words = [...new Set(scopes.flatMap(scopeWords))]
  return words.length > 0 ? words.join(' ') : undefined
}

/** Whether `granted` has every word of `wanted` (an absent `wanted` is covered by anything). */
export function scopeCovers(granted: string | undefined, wanted: string | undefined): boolean {
  const have = new Set(scopeWords(granted))
  return scopeWords(wanted).every((word) => have.has(word))
}
