/** The builtin extensions that ship with the app, registered on a fresh registry. */
import { BuiltinRegistry, type BuiltinContext } from './builtinRegistry'
import { createSystemServer } from './system'

/** A registry with every shipped builtin (factories only; nothing starts until an extension connects). */
export function createBuiltinRegistry(context: BuiltinContext): BuiltinRegistry {
  const registry = new BuiltinRegistry(context)
  registry.register('system', createSystemServer)
  return registry
}

export { BuiltinRegistry, type BuiltinContext, type BuiltinFactory, type OpenedBuiltin } from './builtinRegistry'

