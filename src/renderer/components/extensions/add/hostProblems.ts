/**
 * The host's refusal of a config, placed next to the fields it is about. The host names each field
 * (`command: …`, `env.NODE_OPTIONS: …`, `args[2]: …`); lines it cannot place stay in the summary.
 */
import type { ExtensionForm, FieldKey } from './extensionForm'

export interface HostProblems {
  /** Every line, in the host's words, for the summary next to the form. */
  lines: string[]
  fields: Partial<Record<FieldKey, string>>
}

const linePattern = /^\s*(?:[-•*]\s*)?([A-Za-z]+)((?:\[\d+\]|\.[^\s:]+)*):\s+(.+)$/

export function placeHostProblems(message: string, form: ExtensionForm): HostProblems {
  const lines = message
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
  const fields: HostProblems['fields'] = {}
  for (const line of lines) {
    const match = linePattern.exec(line)
    if (!match) continue
    const [, head = '', rest = '', text = ''] = match
    const key = fieldFor(head, rest, form)
    if (key && !fields[key]) fields[key] = text
  }
  return { lines, fields }
}

function fieldFor(head: string, rest: string, form: ExtensionForm): FieldKey | undefined {
  switch (head) {
    case 'name':
    case 'id':
    case 'command':
    case 'cwd':
    case 'url':
      return head
    case 'args':
      return 'args'
    case 'env':
    case 'headers': {
      const name = rest.startsWith('.') ? rest.slice(1) : ''
      const rows = head === 'env' ? form.env : form.headers
      const row = rows.find((candidate) => candidate.name.trim() === name) ?? (head === 'headers' ? rows.find((candidate) => candidate.name.trim().toLowerCase() === name.toLowerCase()) : undefined)
      if (!row) return undefined
      return head === 'env' ? `env:${row.key}` : `header:${row.key}`
    }
    default:
      return undefined
  }
}
