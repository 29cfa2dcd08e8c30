/** The builtin extensions that ship with the app, registered on a fresh registry. */
import { SkillsExtension } from '@modelcontextprotocol/server/ext/skills'
import { BuiltinRegistry, type BuiltinContext } from './builtinRegistry'
import { createSkillsServer, type SkillsBuiltinDeps } from './skills'
import { createSystemServer } from './system'

/** What the host hands the builtins that need more than the context (looked up when a server is made). */
export interface BuiltinDeps {
  /** The skills service's side of the `skills` server; without it the server serves no skills. */
  skills?: () => SkillsBuiltinDeps
}

/** Serves nothing: the `skills` server of a registry made without the skills service (extension tests). */
const noSkills = (): SkillsBuiltinDeps => ({
  catalog: new SkillsExtension({ source: { list: async () => ({ skills: [] }), get: async () => undefined, read: async () => undefined } }),
  load: async () => ({ isError: true, text: 'No skills are available here.' }),
})

/** A registry with every shipped builtin (factories only; nothing starts until an extension connects). */
export function createBuiltinRegistry(context: BuiltinContext, deps: BuiltinDeps = {}): BuiltinRegistry {
  const registry = new BuiltinRegistry(context)
  registry.register('system', createSystemServer)
  registry.register('skills', (made) => createSkillsServer(made, deps.skills?.() ?? noSkills()))
  return registry
}

export { BuiltinRegistry, type BuiltinContext, type BuiltinFactory, type OpenedBuiltin } from './builtinRegistry'
export { LOAD_SKILL_TOOL, type SkillsBuiltinDeps } from './skills'
export { preApprovalOf, PRE_APPROVED_META_KEY } from './preApproved'
