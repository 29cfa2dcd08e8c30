/**
 * VS Code's mcp.json: `{"servers": {"name": {type, command, args, env, envFile, url, headers}},
 * "inputs": [{type: "promptString", id, description, password}]}`. The same object can sit under
 * "mcp" in VS Code's settings.json, so that is read too. `${input:id}` references are resolved
 * later (importCandidate.ts): each becomes a secret asked for once.
 */
import type { FormatReadResult, InputDeclaration } from './importTypes'
import { readServerMap } from './mcpServersFormat'
import { isRecord } from './serverEntry'

/** The object that holds `servers` and `inputs`: the root of mcp.json, or `mcp` in settings.json. */
export function vscodeRoot(root: Record<string, unknown>): Record<string, unknown> | undefined {
  if (root.servers !== undefined) return root
  return isRecord(root.mcp) && root.mcp.servers !== undefined ? root.mcp : undefined
}

function readInputs(value: unknown, problems: string[]): Map<string, InputDeclaration> {
  const inputs = new Map<string, InputDeclaration>()
  if (value === undefined) return inputs
  if (!Array.isArray(value)) {
    problems.push('"inputs" must be a list of {"type", "id", "description"} entries; it was not read, so every ${input:…} is asked for without a description.')
    return inputs
  }
  value.forEach((item, index) => {
    if (!isRecord(item) || typeof item.id !== 'string' || item.id === '') {
      problems.push(`inputs[${index}] has no "id"; it was skipped. Give each input an id that \${input:id} refers to.`)
      return
    }
    inputs.set(item.id, {
      id: item.id,
      type: typeof item.type === 'string' ? item.type : 'promptString',
      description: typeof item.description === 'string' ? item.description.slice(0, 500) : undefined,
      password: item.password === true,
    })
  })
  return inputs
}

/** Reads a parsed VS Code config (`vscodeRoot` must have found its `servers`). */
export function readVscodeConfig(root: Record<string, unknown>): FormatReadResult {
  const problems: string[] = []
  const holder = vscodeRoot(root) ?? root
  const inputs = readInputs(holder.inputs, problems)
  if (!isRecord(holder.servers)) {
    problems.push('"servers" must be an object of server names and their settings, e.g. {"servers": {"github": {"type": "stdio", "command": "npx", …}}}.')
    return { format: 'vscode', drafts: [], inputs, problems }
  }
  return { format: 'vscode', drafts: readServerMap(holder.servers, 'servers', problems), inputs, problems }
}
