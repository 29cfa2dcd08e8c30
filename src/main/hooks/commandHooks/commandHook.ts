/** One command hook's run: the event as Claude Code's stdin JSON in, its exit and output read back as a hook answer. */
import { homedir } from 'node:os'
import type { CommandHook, Hook, HookEvent } from '../../../shared/hooksApi'
import { formatDuration } from '../../../shared/format'
import { readStructured, type HookAnswer } from '../hookAnswer'
import { answerOf, stdinFor } from './claudeFormat'
import { runCommand } from './runCommand'

export async function callCommandHook(hook: Hook, command: CommandHook, event: HookEvent, payload: Record<string, unknown>): Promise<HookAnswer> {
  const cwd = command.cwd ?? homedir()
  const exit = await runCommand(command.line, { cwd, input: JSON.stringify(stdinFor(event, payload, cwd)), timeoutMs: hook.timeoutMs, env: { CLAUDE_PROJECT_DIR: cwd } })
  const said = answerOf(event, exit, formatDuration(hook.timeoutMs))
  const read = await readStructured(event, said.structured)
  if (!read.ok) return read
  return { ...read, ...(said.context ? { context: said.context } : {}), ...(said.warning ? { warning: said.warning } : {}) }
}
