/**
 * Rules that learn from the person (issue 38): when the person allows the same tool with the same
 * argument pattern SUGGEST_AFTER times within SUGGEST_WITHIN_DAYS days, a rule is suggested
 * ("Allow files__read_file under ~/Notes?"). Nothing is saved as a rule until the person confirms it;
 * then it is an ordinary argument rule (argumentRules.ts), listed and removable like any other. A
 * dismissed suggestion is not made again. Kept in `<dataDir>/rule-suggestions.json`.
 *
 * The argument pattern: the call's one path argument (a string starting with `/`, `~/` or a drive
 * letter), as its folder (`~/Notes/**`). Calls with no path argument, or with more than one (a copy
 * or move: a rule on one of them would let the other go anywhere), are not counted; nor are folders
 * as broad as the root or the home folder itself.
 */
import { createHash } from 'node:crypto'
import { join, posix } from 'node:path'
import { z } from 'zod'
import { log } from '../../log/log'
import { writeFileAtomic } from '../../storage/atomicFile'
import { readJsonFile } from '../../storage/jsonFile'
import type { RuleSuggestion } from '../../../shared/permissionApi'
import type { ArgumentRule } from '../permissionSchema'

export const RULE_SUGGESTIONS_FILE_NAME = 'rule-suggestions.json'
export const SUGGEST_AFTER = 5
export const SUGGEST_WITHIN_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000
const MAX_APPROVALS = 2000

const ApprovalSchema = z.object({ key: z.string(), at: z.number() }).strict()
const SuggestionSchema = z.object({ id: z.string(), tool: z.string(), argument: z.string(), glob: z.string(), approvals: z.number().int(), text: z.string() }).strict()
const FileSchema = z.object({ version: z.literal(1), approvals: z.array(ApprovalSchema), suggestions: z.array(SuggestionSchema), settled: z.array(z.string()) }).strict()
type SuggestionFile = z.infer<typeof FileSchema>

/** One approved call's pattern: which tool, which argument, which folder. */
export interface CallPattern {
  tool: string
  argument: string
  glob: string
  /** How the folder is shown: `~/Notes`. */
  folder: string
}

const PATHLIKE = /^(\/|~\/|[A-Za-z]:[\\/])/

/** The pattern of a call's arguments, or undefined when it has none that a rule could name safely (see the file comment). */
export function callPattern(tool: string, args: Record<string, unknown>, homeDir: string): CallPattern | undefined {
  const paths = Object.entries(args).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && PATHLIKE.test(entry[1]))
  if (paths.length !== 1) return undefined
  const [argument, value] = paths[0]!
  let path = value.replace(/\\/g, '/')
  const home = homeDir.replace(/\\/g, '/').replace(/\/+$/, '')
  if (path === home || path.startsWith(`${home}/`)) path = `~${path.slice(home.length)}`
  if (path.split('/').includes('..')) return undefined
  const folder = posix.dirname(path)
  if (folder === '/' || folder === '~' || folder === '.' || /^[A-Za-z]:$/.test(folder)) return undefined
  return { tool, argument, glob: `${folder}/**`, folder }
}

const keyOf = (pattern: Pick<CallPattern, 'tool' | 'argument' | 'glob'>) => `${pattern.tool}\u0000${pattern.argument}\u0000${pattern.glob}`
const idOf = (key: string) => `suggested-${createHash('sha256').update(key).digest('hex').slice(0, 12)}`

export interface RuleSuggestions {
  /** The person allowed a call with this pattern; returns the suggestion it led to, if this was the one that did. */
  noteApproval(pattern: CallPattern, at?: Date): RuleSuggestion | undefined
  list(): RuleSuggestion[]
  /** The rule a suggestion stands for, taken out of the list (the caller saves it); undefined for an unknown id. */
  accept(id: string): ArgumentRule | undefined
  /** Drops a suggestion for good; false for an unknown id. */
  dismiss(id: string): boolean
  onChange(listener: () => void): () => void
  flush(): Promise<void>
}

/** Opens `<dir>/rule-suggestions.json` (or, without a dir, keeps them in memory). */
export function openRuleSuggestions(dir: string | undefined, options: { now?: () => Date } = {}): RuleSuggestions {
  const now = options.now ?? (() => new Date())
  const path = dir === undefined ? undefined : join(dir, RULE_SUGGESTIONS_FILE_NAME)
  let file: SuggestionFile = { version: 1, approvals: [], suggestions: [], settled: [] }
  if (path) {
    const read = readJsonFile(path, FileSchema)
    if (read.kind === 'ok') file = read.value
    else if (read.kind === 'damaged') log('warn', 'permissions', `rule suggestions were unreadable (${read.reason}); moved aside, starting over`)
  }
  const listeners = new Set<() => void>()
  let writing: Promise<void> = Promise.resolve()
  const save = () => {
    for (const listener of listeners) listener()
    if (!path) return
    const text = JSON.stringify(file, null, 2)
    writing = writing.then(() => writeFileAtomic(path, text)).catch((error: Error) => log('error', 'permissions', `could not save rule suggestions: ${error.message}`))
  }
  return {
    noteApproval(pattern, at = now()) {
      const key = keyOf(pattern)
      const id = idOf(key)
      const since = at.getTime() - SUGGEST_WITHIN_DAYS * DAY_MS
      const approvals = [...file.approvals.filter((approval) => approval.at >= since), { key, at: at.getTime() }].slice(-MAX_APPROVALS)
      file = { ...file, approvals }
      const count = approvals.filter((approval) => approval.key === key).length
      let made: RuleSuggestion | undefined
      if (count >= SUGGEST_AFTER && !file.settled.includes(key) && !file.suggestions.some((suggestion) => suggestion.id === id)) {
        made = { id, tool: pattern.tool, argument: pattern.argument, glob: pattern.glob, approvals: count, text: `Allow ${pattern.tool} under ${pattern.folder}?` }
        file = { ...file, suggestions: [...file.suggestions, made] }
      }
      save()
      return made
    },
    list: () => file.suggestions.map((suggestion) => ({ ...suggestion })),
    accept(id) {
      const suggestion = file.suggestions.find((candidate) => candidate.id === id)
      if (!suggestion) return undefined
      file = { ...file, suggestions: file.suggestions.filter((candidate) => candidate.id !== id), settled: [...file.settled, keyOf(suggestion)] }
      save()
      return {
        id: suggestion.id,
        tool: suggestion.tool,
        argument: suggestion.argument,
        match: { glob: suggestion.glob },
        decision: 'allow',
        note: `Suggested after ${suggestion.approvals} approvals in ${SUGGEST_WITHIN_DAYS} days; confirmed by you.`,
      }
    },
    dismiss(id) {
      const suggestion = file.suggestions.find((candidate) => candidate.id === id)
      if (!suggestion) return false
      file = { ...file, suggestions: file.suggestions.filter((candidate) => candidate.id !== id), settled: [...file.settled, keyOf(suggestion)] }
      save()
      return true
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    flush: () => writing,
  }
}
