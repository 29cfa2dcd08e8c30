/**
 * The `skills` builtin: the person's local skill folders served over the MCP skills extension
 * (`io.modelcontextprotocol/skills`, SEP-2640) — `skills/list`, `skills/get` and the files as
 * `skill://` resources — exactly as any skills server serves them, so above the extension manager
 * local skills and servers' skills take one path. The catalog (every folder as one source) is built
 * and reloaded by the skills service and injected here.
 *
 * Also the model's way in: `load_skill(name)` returns an enabled skill's SKILL.md, `load_skill(name,
 * path)` one file that skill lists — whichever extension serves it. The loading itself (which skills
 * the calling turn may use, reading and checking the files) is injected: the service knows the turn.
 */
import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server'
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills'
import { z } from 'zod'
import type { BuiltinContext } from './builtinRegistry'
import { AGENT_CALLER_META_KEY } from './agentServer'
import { preApprovedMeta } from './preApproved'

export const LOAD_SKILL_TOOL = 'load_skill'

/** What the skills server needs from the host. */
export interface SkillsBuiltinDeps {
  /** The local skills, one catalog over every folder; the service reloads it as folders change. */
  catalog: SkillsExtension
  /** Loads SKILL.md of the skill `name` (or, with `path`, one file it lists) for the turn `caller` names. */
  load(input: { name: string; path?: string }, caller: string | undefined): Promise<{ text: string; isError?: boolean }>
}

const LoadSkillInput = z.object({
  name: z.string().min(1).max(200).describe('The skill to load, as named in the list of skills'),
  path: z.string().min(1).max(1024).optional().describe('A file the skill lists (e.g. references/GUIDE.md); leave out to load the skill itself'),
})

/** Creates the `skills` server (one per connection). */
export function createSkillsServer(context: BuiltinContext, deps: SkillsBuiltinDeps): McpServer {
  const server = new McpServer(
    { name: 'switchboard-skills', version: context.appVersion },
    { instructions: 'Serves the skills in the skill folders on this computer. Load a skill with load_skill when its description fits the task.' },
  )
  deps.catalog.attach(server)
  server.registerTool(
    LOAD_SKILL_TOOL,
    {
      title: 'Load a skill',
      description:
        'Load one of the skills listed under "Skills" in your instructions: returns its instructions (SKILL.md). With `path`, returns one file the skill lists. Load a skill before doing a task it describes.',
      inputSchema: LoadSkillInput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      // No approval: the person consented to the skill's text when turning it on (its files are checked against its manifest).
      _meta: preApprovedMeta('You turned this skill on, so loading it needs no approval.'),
    },
    async (input: z.infer<typeof LoadSkillInput>, ctx: ServerContext): Promise<CallToolResult> => {
      const caller = ctx.mcpReq._meta?.[AGENT_CALLER_META_KEY]
      try {
        const loaded = await deps.load(input, typeof caller === 'string' ? caller : undefined)
        return { ...(loaded.isError ? { isError: true } : {}), content: [{ type: 'text', text: loaded.text }] }
      } catch (error) {
        return { isError: true, content: [{ type: 'text', text: (error as Error).message }] }
      }
    },
  )
  return server
}
