/**
 * A module imported on first use, not at start: for a library whose import costs the start more than
 * what the start does with it (bench/startup.ts). `load()` imports it once (every caller awaits the
 * same import); code that runs only after a load (inside a turn, on a live connection) takes it with
 * `get()`, which throws before (a caller that forgot to await `load()`); `ifLoaded()` is undefined
 * until then, for checks such as `instanceof` that nothing from the library can pass before it loads.
 */
export interface LazyModule<M> {
  load(): Promise<M>
  get(): M
  ifLoaded(): M | undefined
}

/** `what` names the library in the error of a `get()` before `load()`; `loadName` the call to await. */
export function lazyModule<M>(what: string, loadName: string, importModule: () => Promise<M>): LazyModule<M> {
  let loaded: M | undefined
  let loading: Promise<M> | undefined
  return {
    load: () => (loading ??= importModule().then((module) => (loaded = module))),
    get: () => {
      if (!loaded) throw new Error(`${what} was used before it was loaded: await ${loadName}() first.`)
      return loaded
    },
    ifLoaded: () => loaded,
  }
}
