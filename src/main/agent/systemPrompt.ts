/**
 * The system prompt of a turn, built in one place: the agent's instructions first, then the
 * session's own instructions (each part left out when empty). Undefined when there is nothing to say.
 */
export function composeSystemPrompt(parts: { agent?: string; session?: string }): string | undefined {
  const text = [parts.agent, parts.session].map((part) => part?.trim() ?? '').filter((part) => part !== '').join('\n\n')
  return text === '' ? undefined : text
}
