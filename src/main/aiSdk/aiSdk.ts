/**
 * The AI SDK (ai, @ai-sdk/*) loads on first use, not at start: importing it builds hundreds of zod
 * schemas and costs more than the rest of the host's start (bench/startup.ts). Whatever talks to a
 * model awaits loadAiSdk() first (a turn, sampling, a compaction, a model call); code that runs only
 * inside those (building a turn's tool set, reading a stream) takes the loaded module with aiSdk().
 */
export type AiSdk = typeof import('./sdkModules')

let loaded: AiSdk | undefined
let loading: Promise<AiSdk> | undefined

/** The AI SDK, imported on the first call. */
export function loadAiSdk(): Promise<AiSdk> {
  loading ??= import('./sdkModules').then((sdk) => (loaded = sdk))
  return loading
}

/** The AI SDK once loadAiSdk() has resolved; throws before that (a caller that forgot to await it). */
export function aiSdk(): AiSdk {
  if (!loaded) throw new Error('The AI SDK was used before it was loaded: await loadAiSdk() first.')
  return loaded
}

/** The AI SDK if it is loaded, else undefined (nothing can have come from it yet). */
export function aiSdkIfLoaded(): AiSdk | undefined {
  return loaded
}
