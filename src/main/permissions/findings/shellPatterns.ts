/**
 * Shell commands that destroy data, take over the machine or run code from the internet, looked
 * for in the arguments of tools that run commands. A match makes the call ask (with the finding in
 * the dialog), never allow: the list catches the common shapes, not every way to write them, so it
 * is a second pair of eyes and not a sandbox.
 *
 * Every pattern has bounded gaps (`{0,200}`) instead of `.*`, so scanning model-written text stays
 * linear even when it is long.
 */
import type { FindingSeverity, ToolDefinition } from '../types'

export interface ShellFinding {
  id: string
  severity: FindingSeverity
  message: string
  index: number
  length: number
}

interface ShellPattern {
  id: string
  severity: FindingSeverity
  pattern: RegExp
  message: string
}

/** Where a new command can start: line start, after ; & | ( ` or $( — and after sudo/env prefixes via \s. */
const CMD = String.raw`(?:^|[\s;&|(\x60])`

const patterns: ShellPattern[] = [
  {
    id: 'pipe-to-shell',
    severity: 'critical',
    pattern: /\b(?:curl|wget|fetch|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^\n;]{0,400}?\|\s*(?:sudo\s+)?(?:(?:ba|z|da|k|fi)?sh|python[0-9.]*|perl|ruby|node|iex|Invoke-Expression)\b/i,
    message: 'downloads a script from the internet and runs it straight away',
  },
  {
    id: 'shell-runs-download',
    severity: 'critical',
    pattern: /\b(?:(?:ba|z|da|k)?sh\s+(?:-c\s+)?["']?\$\(\s*|(?:ba|z|da|k)?sh\s+<\(\s*|source\s+<\(\s*)(?:curl|wget)\b/i,
    message: 'runs a script downloaded from the internet',
  },
  { id: 'fork-bomb', severity: 'critical', pattern: /:\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:|\b(\w+)\s*\(\s*\)\s*\{\s*\1\s*\|\s*\1\s*&\s*\}/, message: 'is a fork bomb: it starts processes until the machine stops responding' },
  { id: 'mkfs', severity: 'critical', pattern: new RegExp(String.raw`${CMD}mkfs(?:\.[a-z0-9]+)?\b`), message: 'formats a disk, erasing everything on it' },
  { id: 'dd-to-device', severity: 'critical', pattern: /\bdd\b[^\n;|&]{0,300}\bof=\/dev\/(?!null\b|zero\b|stdout\b|stderr\b)/, message: 'writes raw data over a disk device' },
  { id: 'redirect-to-device', severity: 'critical', pattern: />\s*\/dev\/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d)/, message: 'writes over a disk device' },
  {
    id: 'recursive-permissions-on-root',
    severity: 'critical',
    pattern: /\b(?:chmod|chown|chgrp)\s+(?:-[a-zA-Z]*R[a-zA-Z]*|--recursive)\s+(?:[^\s;|&]+\s+)?\/(?:\*)?(?=\s|$|;|&|\|)/,
    message: 'changes the permissions or owner of every file on the system',
  },
  { id: 'world-writable', severity: 'medium', pattern: /\bchmod\s+(?:-[a-zA-Z]+\s+)*(?:0?777|a\+rwx|ugo\+rwx)\b/, message: 'makes files writable by every user' },
  { id: 'privilege', severity: 'high', pattern: new RegExp(String.raw`${CMD}(?:sudo|doas|pkexec|runas)\s`), message: 'runs a command with administrator rights' },
  { id: 'switch-user', severity: 'high', pattern: new RegExp(String.raw`${CMD}su(?:\s+-\s*|\s+root\b|\s*$)`, 'm'), message: 'switches to another user (usually root)' },
  { id: 'wipe', severity: 'high', pattern: new RegExp(String.raw`${CMD}(?:shred|wipefs)\b`), message: 'destroys file or disk contents beyond recovery' },
  { id: 'windows-format', severity: 'high', pattern: /\bformat(?:\.com)?\s+[a-z]:/i, message: 'formats a drive' },
  { id: 'windows-recursive-delete', severity: 'high', pattern: /\b(?:del|erase|rd|rmdir)\b[^\n;&|]{0,100}\s\/s\b|\bRemove-Item\b[^\n;|]{0,200}-Recurse\b/i, message: 'deletes folders and everything in them' },
  { id: 'kill-everything', severity: 'high', pattern: /\bkill\s+-(?:9|KILL)\s+-1\b|\bkillall5\b/, message: 'kills every process the user can reach' },
  { id: 'crontab-remove', severity: 'high', pattern: /\bcrontab\s+(?:-[a-z]*r)\b/, message: 'deletes all scheduled jobs' },
  { id: 'overwrite-startup-file', severity: 'high', pattern: />>?\s*(?:~|\$HOME)\/\.(?:bashrc|bash_profile|zshrc|profile|ssh\/authorized_keys)\b/, message: 'changes a shell start-up file or the SSH keys allowed to log in' },
  { id: 'pipe-to-shell-local', severity: 'high', pattern: /\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\s*(?:$|[;&|)])/m, message: 'pipes text into a shell, running whatever it contains' },
  { id: 'power', severity: 'medium', pattern: new RegExp(String.raw`${CMD}(?:shutdown|reboot|halt|poweroff)\b`), message: 'shuts down or restarts the machine' },
  { id: 'git-destructive', severity: 'medium', pattern: /\bgit\s+(?:push\b[^\n;|&]{0,200}\s(?:--force\b|-f\b)|reset\s+--hard\b|clean\s+-[a-zA-Z]*f)/, message: 'discards git history or uncommitted work' },
]

/** `rm` with both a recursive and a force flag, in any spelling (`-rf`, `-fr`, `-r -f`, `--recursive --force`). */
function findRecursiveForceRemove(text: string): ShellFinding[] {
  const found: ShellFinding[] = []
  const command = /(?:^|[\s;&|(`])rm((?:\s+-[A-Za-z-]+)+)(\s+[^\s;&|]+)?/g
  for (let match = command.exec(text); match; match = command.exec(text)) {
    const flags = match[1]!.trim().split(/\s+/)
    const short = flags.filter((flag) => /^-[A-Za-z]+$/.test(flag)).join('')
    const recursive = /[rR]/.test(short) || flags.includes('--recursive')
    const force = short.includes('f') || flags.includes('--force')
    if (!recursive || !force) continue
    const target = (match[2] ?? '').trim()
    const everything = /^(?:\/\*?|~\/?\*?|\$HOME\/?\*?|\*|\.{1,2}\/?\*?)$/.test(target) || flags.includes('--no-preserve-root')
    found.push({
      id: 'recursive-force-remove',
      severity: everything ? 'critical' : 'high',
      message: everything ? 'deletes everything under the root, home or current folder without asking' : 'deletes files and folders recursively without asking',
      index: match.index,
      length: match[0].length,
    })
  }
  return found
}

/** Every destructive shape in `text`, at most one per kind. */
export function findDestructiveCommands(text: string): ShellFinding[] {
  const found = findRecursiveForceRemove(text).slice(0, 1)
  for (const { id, severity, pattern, message } of patterns) {
    const match = pattern.exec(text)
    if (match) found.push({ id, severity, message, index: match.index, length: match[0].length })
  }
  return found
}

const COMMAND_NAME = /(?:^|[^a-z])(?:exec|execute|run|shell|bash|sh|zsh|cmd|command|commands|terminal|powershell|pwsh|script|spawn|process|subprocess|system|eval)(?:[^a-z]|$)/i
const COMMAND_DESCRIPTION = /\b(?:shell|terminal|command[- ]line|bash|powershell|(?:execute|run)s?\s+(?:an?\s+|any\s+)?(?:arbitrary\s+)?(?:shell\s+|system\s+|terminal\s+|cli\s+)?(?:commands?|scripts?))\b/i
const COMMAND_ARGUMENTS = new Set(['command', 'commands', 'cmd', 'script', 'shell', 'commandline', 'command_line', 'shell_command', 'bash', 'code'])

/**
 * Whether a tool runs commands, judged by its name, description, and argument names (in the call
 * or its schema). Errs towards yes: a wrong yes costs a look at the arguments, a wrong no a missed warning.
 */
export function runsCommands(tool: Pick<ToolDefinition, 'name' | 'description' | 'inputSchema'>, args: Record<string, unknown>): boolean {
  if (COMMAND_NAME.test(tool.name)) return true
  if (tool.description !== undefined && COMMAND_DESCRIPTION.test(tool.description.slice(0, 4096))) return true
  const properties = tool.inputSchema.properties
  const schemaNames = properties !== null && typeof properties === 'object' ? Object.keys(properties) : []
  return [...Object.keys(args), ...schemaNames].some((name) => COMMAND_ARGUMENTS.has(name.toLowerCase()))
}
