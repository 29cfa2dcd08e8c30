/** Sizes and durations in words, the same wherever the app names one (messages, errors, the window). */

const trimmed = (value: number, decimals: number) => String(Number(value.toFixed(decimals)))

/** `512 B`, `1.5 KiB`, `4 MiB`, `1.2 GiB`: powers of 1024, one decimal unless whole. */
export function formatBytes(bytes: number): string {
  const units = ['KiB', 'MiB', 'GiB']
  if (bytes < 1024) return `${Math.round(bytes)} B`
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${trimmed(value, 1)} ${units[unit]}`
}

/** `250 ms`, `1.25 s`, `15 s`, `2 min 5 s`, `5 min`. */
export function formatDuration(ms: number): string {
  if (ms < 999.5) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${trimmed(ms / 1000, ms < 10_000 ? 2 : 1)} s`
  const minutes = Math.floor(ms / 60_000)
  const seconds = Math.round((ms % 60_000) / 1000)
  if (seconds === 60) return `${minutes + 1} min`
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`
}

/**
 * `20,000`: a whole number with comma thousands separators, as toLocaleString('en-US') writes it, but
 * without ICU: the first toLocaleString of a process builds the number formatter (~25 ms), which
 * module-level texts (schema messages) must not pay at start.
 */
export function formatWhole(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** `≈ 1,234 tokens (o200k)`: a token estimate, always with the tokenizer that counted it. */
export function formatTokens(tokens: number, tokenizer: string): string {
  return `≈ ${tokens.toLocaleString('en-US')} token${tokens === 1 ? '' : 's'} (${tokenizer})`
}

/** `$0.42`, `$0.0031`, `< $0.0001`: US dollars, with enough digits to tell small costs apart. */
export function formatCost(usd: number): string {
  if (usd === 0) return '$0.00'
  if (usd < 0.0001) return '< $0.0001'
  if (usd < 0.01) return `$${usd.toFixed(4)}`
  if (usd < 1) return `$${usd.toFixed(3)}`
  return `$${usd.toFixed(2)}`
}

/** `1,200 in · 300 out tokens · $0.0054`: what the provider counted, with the cost when it is known. */
export function formatUsage(usage: { input: number; output: number; cost?: number }): string {
  const tokens = `${usage.input.toLocaleString('en-US')} in · ${usage.output.toLocaleString('en-US')} out tokens`
  return usage.cost === undefined ? tokens : `${tokens} · ${formatCost(usage.cost)}`
}
