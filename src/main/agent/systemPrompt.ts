/**
 * The system prompt of a turn, built in one place: the agent's instructions first, then the
 * session's own instructions, or the default instructions (Settings → General) when the session
 * has none, then the skills the model may load (names and descriptions; each part left out when
 * empty). Undefined when there is nothing to say.
 */
export function composeSystemPrompt(parts: { agent?: string; session?: string; defaults?: string; skills?: string }): string | undefined {
  const own = parts.session?.trim() ? parts.session : parts.defaults
  const text = [parts.agent, own, parts.skills].map((part) => part?.trim() ?? '').filter((part) => part !== '').join('\n\n')
  return text === '' ? undefined : text
}
