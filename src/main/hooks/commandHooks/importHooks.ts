/**
 * Reads the `hooks` block of a Claude Code settings file or a VS Code hook file (specs-2026 §5.1–5.2)
 * into command hooks Switchboard can run. Pure: the text and where it came from in, the hooks and
 * what was left out (and why) back. Both formats are read: Claude Code's matcher groups
 * (`{matcher, hooks: [...]}`) and VS Code's plain entries, with its per-OS commands.
 */
import { createHash } from 'node:crypto'
import { isAbsolute, join } from 'node:path'
import { z } from 'zod'
import { DEFAULT_HOOK_TIMEOUT_MS, MAX_HOOK_TIMEOUT_MS, type HookEvent, type HookImportCandidate } from '../../../shared/hooksApi'
import { parseJsonText } from '../../extensions/importers/jsonText'
import { FILE_EVENTS, matcherProblem } from './claudeFormat'

export interface HookSource {
  /** The file, or "pasted". */
  path: string
  label: string
  /** The project folder the file belongs to: the commands run there. */
  root?: string
}

export interface ReadHooks {
  hooks: Omit<HookImportCandidate, 'exists'>[]
  skipped: string[]
  problem?: string
}

const Entry = z.looseObject({
  type: z.string().optional(),
  command: z.string().optional(),
  windows: z.string().optional(),
  linux: z.string().optional(),
  osx: z.string().optional(),
  cwd: z.string().optional(),
  env: z.record(z.string(), z.unknown()).optional(),
  timeout: z.number().positive().optional(),
})
const Group = z.looseObject({ matcher: z.string().optional(), hooks: z.array(z.unknown()) })
const Block = z.record(z.string(), z.array(z.unknown()))

/** Claude Code's default timeout is 60 s (VS Code's 30 s); Switchboard allows up to 60 s. */
const FILE_DEFAULT_TIMEOUT_MS = MAX_HOOK_TIMEOUT_MS

export function readHooksBlock(text: string, source: HookSource, platform: NodeJS.Platform = process.platform): ReadHooks {
  const parsed = parseJsonText(text, source.path === 'pasted' ? 'The pasted settings' : source.path)
  if (!parsed.ok) return { hooks: [], skipped: [], problem: parsed.problem }
  const value = parsed.value as Record<string, unknown> | null
  const block = Block.safeParse(value && typeof value === 'object' && 'hooks' in value ? value.hooks : value)
  if (!block.success) return { hooks: [], skipped: [], problem: `${source.path === 'pasted' ? 'The pasted text' : source.path} has no "hooks" block of the Claude Code / VS Code shape ({"hooks": {"PreToolUse": [...]}}).` }
  const hooks: ReadHooks['hooks'] = []
  const skipped: string[] = []
  for (const [fileEvent, items] of Object.entries(block.data)) {
    const event = FILE_EVENTS[fileEvent]
    if (!event) {
      skipped.push(`${fileEvent}: Switchboard has no such step, so its hooks were left out.`)
      continue
    }
    for (const item of items) {
      const group = Group.safeParse(item)
      // Claude Code groups entries under a matcher; VS Code lists entries directly (and ignores matchers).
      const { matcher, entries } = group.success ? { matcher: group.data.matcher, entries: group.data.hooks } : { matcher: undefined, entries: [item] }
      for (const raw of entries) {
        const read = readEntry(raw, { fileEvent, event, matcher, source, platform })
        if (typeof read === 'string') skipped.push(read)
        else hooks.push(read)
      }
    }
  }
  return { hooks, skipped }
}

interface EntryContext {
  fileEvent: string
  event: HookEvent
  matcher: string | undefined
  source: HookSource
  platform: NodeJS.Platform
}

/** One command hook, or why it was left out. */
function readEntry(raw: unknown, context: EntryContext): Omit<HookImportCandidate, 'exists'> | string {
  const { fileEvent, event, matcher, source } = context
  const entry = Entry.safeParse(raw)
  if (!entry.success) return `${fileEvent}: an entry that is not a hook object was left out.`
  if ((entry.data.type ?? 'command') !== 'command') return `${fileEvent}: a "${entry.data.type}" hook was left out; only command hooks are imported.`
  const osCommand = { win32: entry.data.windows, linux: entry.data.linux, darwin: entry.data.osx }[context.platform as 'win32' | 'linux' | 'darwin']
  const line = (osCommand ?? entry.data.command ?? '').trim()
  if (line === '') return `${fileEvent}: a hook without a command was left out.`
  const cwd = entry.data.cwd ? (isAbsolute(entry.data.cwd) || !source.root ? entry.data.cwd : join(source.root, entry.data.cwd)) : source.root
  const warnings: string[] = []
  const toolEvent = event === 'tool-call' || event === 'tool-result'
  const problem = toolEvent ? matcherProblem(matcher) : undefined
  if (problem) warnings.push(`It never runs: ${problem}.`)
  else if (toolEvent && matcher && matcher !== '*' && !matcher.includes('mcp__')) {
    warnings.push(`Its matcher "${matcher}" names no MCP tool: tools here are named mcp__<extension>__<tool>, so it may never match (Claude Code's own tools such as Bash or Edit do not exist here).`)
  }
  if (entry.data.env && Object.keys(entry.data.env).length > 0) warnings.push('Its "env" is not used: command hooks get the same minimal environment as extensions.')
  const timeoutMs = Math.min(MAX_HOOK_TIMEOUT_MS, Math.max(100, Math.round((entry.data.timeout ?? FILE_DEFAULT_TIMEOUT_MS / 1000) * 1000)))
  if (entry.data.timeout !== undefined && entry.data.timeout * 1000 > MAX_HOOK_TIMEOUT_MS) warnings.push(`Its timeout of ${entry.data.timeout} s is shortened to the longest a hook may take here, 60 s.`)
  const key = createHash('sha256').update(JSON.stringify([fileEvent, matcher ?? '', line, cwd ?? ''])).digest('hex').slice(0, 16)
  const name = `${fileEvent}${matcher && matcher !== '*' ? ` ${matcher}` : ''}: ${line}`
  return {
    key,
    name: name.length > 100 ? `${name.slice(0, 99)}…` : name,
    event,
    fileEvent,
    command: { line, ...(matcher !== undefined && matcher !== '' ? { matcher } : {}), ...(cwd ? { cwd } : {}), source: source.path },
    timeoutMs: timeoutMs || DEFAULT_HOOK_TIMEOUT_MS,
    warnings,
  }
}
