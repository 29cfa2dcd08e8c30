/**
 * A builtin server's tool the person approved in advance by consenting to what it returns: `load_skill`
 * hands the model the text of a skill the person turned on, so asking again at each load would only
 * train people to click. A builtin marks such a tool in its definition's `_meta`; the catalog honours
 * the mark only for builtin extensions (extensions/catalog/catalogBuild.ts), so no outside server can
 * claim it. A pre-approved call still stops at a "never" policy, a deny rule, a changed definition,
 * chat-only and every other inspector (security findings, hooks, the guard).
 */
export const PRE_APPROVED_META_KEY = 'app.switchboard/pre-approved'

/** The `_meta` a builtin tool carries to be pre-approved; `why` is the reason an approval record shows. */
export function preApprovedMeta(why: string): Record<string, unknown> {
  return { [PRE_APPROVED_META_KEY]: why }
}

/** The reason a builtin tool is pre-approved, when its definition says it is. */
export function preApprovalOf(meta: Record<string, unknown> | undefined): string | undefined {
  const why = meta?.[PRE_APPROVED_META_KEY]
  return typeof why === 'string' && why.length > 0 ? why : undefined
}
