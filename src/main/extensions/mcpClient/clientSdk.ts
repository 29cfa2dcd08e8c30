/**
 * The MCP SDK's client loads with the first extension that connects, not at start: the host serves
 * the window before any extension starts (startGate.ts), and importing the client (its own protocol
 * layer beside the server's, ~640 KB) took ~8 ms of the host's start (bench/startup.ts). Opening a
 * connection or an auth session awaits loadClientSdk(); code that runs only on a live connection
 * takes the loaded module with clientSdk(); error checks use isClientError() (before the load, no
 * error can have come from the client).
 */
import { lazyModule } from '../../../shared/lazyModule'

export type ClientSdk = typeof import('./clientModules')

const sdk = lazyModule<ClientSdk>('The MCP client SDK', 'loadClientSdk', () => import('./clientModules'))

/** The MCP client SDK, imported on the first call. */
export const loadClientSdk = sdk.load
/** The MCP client SDK once loadClientSdk() has resolved; throws before that. */
export const clientSdk = sdk.get

type ClientErrorName = 'SdkError' | 'SdkHttpError' | 'SseError' | 'UnauthorizedError' | 'SkillVerificationError'

/** Whether `error` is one of the client's errors of class `name` (always false before the client loads: none can exist yet). */
export function isClientError<N extends ClientErrorName>(error: unknown, name: N): error is InstanceType<ClientSdk[N]> {
  const loaded = sdk.ifLoaded()
  return loaded !== undefined && error instanceof loaded[name]
}
