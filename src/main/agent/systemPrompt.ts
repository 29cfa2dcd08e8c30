/**
 * The system prompt of a turn, built in one place: the agent's instructions first, then the
 * session's own instructions, or the default instructions (Settings → General) when the session
 * has none (each part left out when empty). Undefined when there is nothing to say.
 */
export function composeSystemPrompt(parts: { agent?: string; session?: string; defaults?: string }): string | undefined {
  const own = parts.session?.trim() ? parts.session : parts.defaults
  const text = [parts.agent, own].map((part) => part?.trim() ?? '').filter((part) => part !== '').join('\n\n')
  return text === '' ? undefined : text
}
