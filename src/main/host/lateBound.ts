/**
 * A service the wiring makes later, for services that need each other: the extension service asks
 * sampling, questions, roots and bundles, and those name, notify or list extensions. createHost
 * declares the later ones first, binds each right after making it, and a call that comes too early
 * says which service was not ready, instead of failing on a `const` that is not initialized yet.
 */
export interface LateBound<T> {
  bind(value: T): void
  get(): T
}

export function lateBound<T>(what: string): LateBound<T> {
  let value: T | undefined
  return {
    bind(made) {
      if (value !== undefined) throw new Error(`${what} is bound twice`)
      value = made
    },
    get() {
      if (value === undefined) throw new Error(`${what} is used before the host made it`)
      return value
    },
  }
}
