/**
 * The `retry-after` headers of a rate-limited or failing model response. Its own file because both
 * sides use it: providerErrors.ts reads it into a ProviderError, retryPolicy.ts waits on that error.
 */
/**
 * How long the server asked us to wait, in ms: `retry-after-ms` (OpenAI), else `retry-after` in
 * seconds or as an HTTP date. Undefined when absent or unreadable.
 */
export function retryAfterMs(headers: Record<string, string | undefined> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined
  const milliseconds = parseNonNegative(headers['retry-after-ms'])
  if (milliseconds !== undefined) return milliseconds
  const value = headers['retry-after']?.trim()
  if (!value) return undefined
  const seconds = parseNonNegative(value)
  if (seconds !== undefined) return seconds * 1000
  // An HTTP date always names a day or month; without letters, Date.parse would read "-3" as a year.
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

function parseNonNegative(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined
  return Number(value)
}
