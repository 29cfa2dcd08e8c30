/** Which listed model a provider gets without being asked: the only one its server offers, when none is configured. */
export function singleOfferedModel(configured: readonly string[], offered: readonly string[]): string | undefined {
  return configured.length === 0 && offered.length === 1 ? offered[0] : undefined
}
