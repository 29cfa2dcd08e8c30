/** Builders for tool calls as the agent loop would hand them to the permission layer. */
import type { ToolCallRequest, ToolDefinition } from '../../../src/main/permissions/types'

export const HOME = '/home/ada'

let nextCall = 0

export const readFileTool: ToolDefinition = {
  name: 'read_file',
  description: 'Read a file',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  annotations: { readOnlyHint: true },
}

export const writeFileTool: ToolDefinition = {
  name: 'write_file',
  description: 'Write a file',
  inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] },
}

export const shellTool: ToolDefinition = {
  name: 'run',
  description: 'Runs a shell command',
  inputSchema: { type: 'object', properties: { command: { type: 'string' } } },
}

type Overrides = Partial<Omit<ToolCallRequest, 'origin' | 'sessionId'>> & { origin?: 'model' | 'frontend' | 'person'; sessionId?: string }

/** A model call from session `s1` to `files__<tool>` of a trusted extension, unless overridden. */
export function call(overrides: Overrides = {}): ToolCallRequest {
  const { origin = 'model', sessionId = 's1', ...rest } = overrides
  const tool = rest.tool ?? readFileTool
  const extensionId = rest.extensionId ?? 'files'
  const base = {
    callId: `call-${++nextCall}`,
    extensionId,
    extensionTrust: 'trusted' as const,
    toolName: `${extensionId}__${tool.name}`,
    tool,
    arguments: {},
    ...rest,
  }
  if (origin === 'person') return { ...base, origin }
  return { ...base, origin, sessionId }
}
