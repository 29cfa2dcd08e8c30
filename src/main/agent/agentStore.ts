/**
 * The agents the person defined, in `<dataDir>/agents.json` (0600, written atomically after every
 * change). The default agent "Assistant" is always there: a file without it gets it back, and it
 * cannot be removed. A damaged file is moved aside, never deleted; the app starts with only the
 * default agent and a notice saying where the old file went.
 */
import { join } from 'node:path'
import { z } from 'zod'
import { AgentSchema, DEFAULT_AGENT_ID, DEFAULT_AGENT_NAME, agentExtensionId, agentSlug, type Agent, type AgentInput } from '../../shared/agentsApi'
import { writeFileAtomic } from '../storage/atomicFile'
import { readJsonFile } from '../storage/jsonFile'
import { makePrivateDir } from '../storage/privateFiles'

export const AGENTS_FILE_NAME = 'agents.json'

const AgentsFileSchema = z.object({ version: z.literal(1), agents: z.array(AgentSchema) })

/** What other parts of the host may read of the agents (the HTTP gateway lists their tools from it). */
export interface AgentDirectory {
  /** The default agent first, then in the order they were added. */
  list(): readonly Agent[]
  get(id: string): Agent | undefined
  /** Told after every saved change. */
  onChange(listener: () => void): () => void
}

export interface AgentStore extends AgentDirectory {
  readonly path: string
  /** Adds (no id: the id is the slug of the name) or changes an agent. */
  save(input: AgentInput): Promise<Agent>
  /** Removes an agent; the default agent cannot be removed. False when there was no such agent. */
  remove(id: string): Promise<boolean>
  /** Notices from loading (a damaged file moved aside), handed out once. */
  takeNotices(): { message: string; movedTo?: string }[]
}

/** jitless: made once at start (and as a rare fallback); a compiled fast path would cost more than the parse. */
export const defaultAgent = (): Agent => AgentSchema.parse({ id: DEFAULT_AGENT_ID, name: DEFAULT_AGENT_NAME }, { jitless: true })

export async function openAgentStore(dataDir: string): Promise<AgentStore> {
  await makePrivateDir(dataDir)
  const path = join(dataDir, AGENTS_FILE_NAME)
  const read = readJsonFile(path, AgentsFileSchema)
  const stored = read.kind === 'ok' ? read.value.agents : []
  let agents: Agent[] = stored.some((agent) => agent.id === DEFAULT_AGENT_ID) ? stored : [defaultAgent(), ...stored]
  let notices = read.kind === 'damaged' ? [{ message: `The agents file could not be read (${read.reason}); Switchboard started with only the Assistant. The old file was kept.`, movedTo: read.movedTo }] : []
  const listeners = new Set<() => void>()
  let writing = Promise.resolve()
  const persist = async () => {
    const text = JSON.stringify({ version: 1, agents }, null, 2)
    writing = writing.catch(() => undefined).then(() => writeFileAtomic(path, text))
    await writing
    listeners.forEach((listener) => listener())
  }
  const sorted = () => [...agents.filter((agent) => agent.id === DEFAULT_AGENT_ID), ...agents.filter((agent) => agent.id !== DEFAULT_AGENT_ID)]

  return {
    path,
    list: sorted,
    get: (id) => agents.find((agent) => agent.id === id),
    async save(input) {
      const previous = input.id === undefined ? undefined : agents.find((agent) => agent.id === input.id)
      if (input.id !== undefined && !previous) throw new Error(`No agent with id "${input.id}" exists; it may have been removed. Reload Settings → Agents and try again.`)
      const id = previous?.id ?? agentSlug(input.name)
      if (id === '') throw new Error(`"${input.name}" has no letters or digits to make the agent's id from; give it a name with some.`)
      if (!previous && agents.some((agent) => agent.id === id)) throw new Error(`An agent with the id "${id}" exists already; give this one another name.`)
      const { permissionMode: mode, ...rest } = { ...previous, ...withoutUndefined(input), id }
      const agent = AgentSchema.parse({ ...rest, ...(mode === null || mode === undefined ? {} : { permissionMode: mode }) })
      agents = previous ? agents.map((existing) => (existing.id === id ? agent : existing)) : [...agents, agent]
      await persist()
      return agent
    },
    async remove(id) {
      if (id === DEFAULT_AGENT_ID) throw new Error(`The ${DEFAULT_AGENT_NAME} is the default agent and cannot be removed; change its instructions instead.`)
      if (!agents.some((agent) => agent.id === id)) return false
      agents = agents.filter((agent) => agent.id !== id)
      // Agents that listed it lose it; nothing else would tell them it is gone.
      agents = agents.map((agent) => (Array.isArray(agent.extensions) ? { ...agent, extensions: agent.extensions.filter((ext) => ext !== agentExtensionId(id)) } : agent))
      await persist()
      return true
    },
    takeNotices() {
      const taken = notices
      notices = []
      return taken
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** An input's fields that were given; `permissionMode: null` is kept (it clears the mode). */
function withoutUndefined<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>
}
