/**
 * The Claude Code / VS Code command-hook format (specs-2026 §5.1–5.2), as pure functions: which of
 * its events are Switchboard's, its matcher, the JSON a command gets on stdin, and what its exit
 * code and output mean. What a command answers is turned into the same structured result a hook
 * tool returns, so it is checked against the event's schema like any other hook (hookRunner.ts).
 */
import { z } from 'zod'
import type { HookEvent } from '../../../shared/hooksApi'

/** The file's event names Switchboard has, and what they are here. Others are skipped on import. */
export const FILE_EVENTS: Readonly<Record<string, HookEvent>> = {
  SessionStart: 'session-start',
  UserPromptSubmit: 'user-message',
  PreToolUse: 'tool-call',
  PostToolUse: 'tool-result',
  Stop: 'turn-end',
}
const FILE_EVENT_OF = Object.fromEntries(Object.entries(FILE_EVENTS).map(([name, event]) => [event, name])) as Partial<Record<HookEvent, string>>

export function fileEventOf(event: HookEvent): string | undefined {
  return FILE_EVENT_OF[event]
}

/** An MCP tool as Claude Code names it: `mcp__<server>__<tool>`; our namespaced names are `<extension>__<tool>`. */
export function claudeToolName(namespaced: string): string {
  return `mcp__${namespaced}`
}

const PLAIN_NAMES = /^[A-Za-z0-9_|-]+$/

/** Why a matcher can never match, or undefined when it is fine. */
export function matcherProblem(matcher: string | undefined): string | undefined {
  if (matcher === undefined || PLAIN_NAMES.test(matcher) || matcher === '' || matcher === '*') return undefined
  try {
    new RegExp(matcher)
    return undefined
  } catch (error) {
    return `its matcher "${matcher}" is not a valid regular expression (${(error as Error).message}), so it matches nothing`
  }
}

/** Claude Code's rule: empty or `*` = all; plain names (`A|B`) exactly; anything else a JavaScript regex, unanchored. */
export function matcherMatches(matcher: string | undefined, value: string): boolean {
  if (matcher === undefined || matcher === '' || matcher === '*') return true
  if (PLAIN_NAMES.test(matcher)) return matcher.split('|').includes(value)
  try {
    return new RegExp(matcher).test(value)
  } catch {
    return false
  }
}

/** What the command's matcher is compared with at `event`: the tool name, or how the session started. */
export function matchedValue(event: HookEvent, payload: Record<string, unknown>): string | undefined {
  if (event === 'tool-call' || event === 'tool-result') return claudeToolName(String(payload.tool))
  if (event === 'session-start') return 'startup'
  return undefined
}

/** The JSON a command gets on stdin for `event` (transcript_path is left out: Switchboard keeps no transcript file). */
export function stdinFor(event: HookEvent, payload: Record<string, unknown>, cwd: string): Record<string, unknown> {
  const base = { session_id: payload.sessionId, cwd, permission_mode: 'default', hook_event_name: fileEventOf(event) }
  switch (event) {
    case 'session-start':
      return { ...base, source: 'startup' }
    case 'user-message':
      return { ...base, prompt: payload.text }
    case 'tool-call':
      return { ...base, tool_name: claudeToolName(String(payload.tool)), tool_input: payload.arguments }
    case 'tool-result':
      return { ...base, tool_name: claudeToolName(String(payload.tool)), tool_input: payload.arguments, tool_response: payload.result }
    case 'turn-end':
      return { ...base, stop_hook_active: false, last_assistant_message: payload.text }
    case 'model-request':
      return base
  }
}

/** The parts of a command's JSON output Switchboard reads; the rest is ignored. */
const OutputSchema = z.looseObject({
  continue: z.boolean().optional(),
  stopReason: z.string().optional(),
  systemMessage: z.string().optional(),
  decision: z.string().optional(),
  reason: z.string().optional(),
  hookSpecificOutput: z
    .looseObject({
      permissionDecision: z.string().optional(),
      permissionDecisionReason: z.string().optional(),
      updatedInput: z.unknown().optional(),
      updatedMCPToolOutput: z.unknown().optional(),
      additionalContext: z.string().optional(),
    })
    .optional(),
})

export interface CommandExit {
  code: number | null
  stdout: string
  stderr: string
  timedOut: boolean
  /** Set when it could not be started at all (a missing folder, no shell). */
  startError?: string
}

/**
 * What a command said: `structured` is read like a hook tool's structuredContent (decision, reason,
 * changed fields); `context` is added for the model; `warning` is shown in the turn and the step goes on.
 */
export type CommandAnswer = { structured: Record<string, unknown>; context?: string; warning?: string }

const REASON_LIMIT = 2_000
const firstLines = (text: string) => text.trim().slice(0, REASON_LIMIT)

export function answerOf(event: HookEvent, exit: CommandExit, timeoutText: string): CommandAnswer {
  if (exit.startError) return { structured: {}, warning: `it could not be started (${exit.startError})` }
  if (exit.timedOut) return { structured: {}, warning: `it did not finish within ${timeoutText} and was stopped` }
  const stderr = firstLines(exit.stderr)
  // Exit 2 blocks; after a call nothing can be blocked, so what it wrote goes to the model instead.
  if (exit.code === 2) return event === 'tool-result' ? { structured: {}, ...(stderr ? { context: stderr } : {}) } : { structured: { decision: 'deny', reason: stderr || 'it exited with code 2' } }
  if (exit.code !== 0) return { structured: {}, warning: `it exited with code ${exit.code ?? 'unknown'}${stderr ? `: ${stderr.slice(0, 300)}` : ''}` }
  const stdout = exit.stdout.trim()
  if (!stdout.startsWith('{')) {
    // Plain text from these two is context for the model, as in Claude Code; elsewhere it is only a log.
    const asContext = stdout !== '' && (event === 'user-message' || event === 'session-start')
    return { structured: {}, ...(asContext ? { context: stdout.slice(0, 10_000) } : {}) }
  }
  let json: unknown
  try {
    json = JSON.parse(stdout)
  } catch {
    return { structured: {}, warning: 'its output starts like JSON but is not valid JSON, so it was ignored' }
  }
  const parsed = OutputSchema.safeParse(json)
  if (!parsed.success) return { structured: {}, warning: 'its JSON output does not have the Claude Code hook shape, so it was ignored' }
  return fromOutput(event, parsed.data)
}

function fromOutput(event: HookEvent, output: z.infer<typeof OutputSchema>): CommandAnswer {
  const specific = output.hookSpecificOutput ?? {}
  const permission = specific.permissionDecision
  const structured: Record<string, unknown> = {}
  if (output.continue === false) Object.assign(structured, { decision: 'deny', reason: output.stopReason ?? 'the hook said not to go on' })
  else if (output.decision === 'block' || permission === 'deny') Object.assign(structured, { decision: 'deny', reason: specific.permissionDecisionReason ?? output.reason ?? 'no reason given' })
  else if (permission === 'ask') Object.assign(structured, { decision: 'ask', ...(specific.permissionDecisionReason ? { reason: specific.permissionDecisionReason } : {}) })
  else if (permission === 'allow' || output.decision === 'approve') Object.assign(structured, { decision: 'allow', ...(specific.permissionDecisionReason ? { reason: specific.permissionDecisionReason } : {}) })
  if (typeof structured.reason === 'string') structured.reason = structured.reason.slice(0, REASON_LIMIT)
  if (event === 'tool-call' && specific.updatedInput !== undefined) structured.arguments = specific.updatedInput
  if (event === 'tool-result' && specific.updatedMCPToolOutput !== undefined) structured.result = specific.updatedMCPToolOutput
  return {
    structured,
    ...(specific.additionalContext ? { context: specific.additionalContext.slice(0, 10_000) } : {}),
    ...(output.systemMessage ? { warning: `it says: ${output.systemMessage.slice(0, 500)}` } : {}),
  }
}
