/**
 * The AI SDK (ai, @ai-sdk/*) loads on first use, not at start: importing it builds hundreds of zod
 * schemas and costs more than the rest of the host's start (bench/startup.ts). Whatever talks to a
 * model awaits loadAiSdk() first (a turn, sampling, a compaction, a model call); code that runs only
 * inside those (building a turn's tool set, reading a stream) takes the loaded module with aiSdk().
 */
import { lazyModule } from '../../shared/lazyModule'

export type AiSdk = typeof import('./sdkModules')

const sdk = lazyModule<AiSdk>('The AI SDK', 'loadAiSdk', () => import('./sdkModules'))

/** The AI SDK, imported on the first call. */
export const loadAiSdk = sdk.load
/** The AI SDK once loadAiSdk() has resolved; throws before that (a caller that forgot to await it). */
export const aiSdk = sdk.get
/** The AI SDK if it is loaded, else undefined (nothing can have come from it yet). */
export const aiSdkIfLoaded = sdk.ifLoaded
