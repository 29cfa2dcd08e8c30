/**
 * HTTP access to an MCP Registry (API v0.1). Only fetching and decoding JSON lives here; the answers
 * are validated by registrySchemas.ts. Every failure is an Error that names the problem and the fix.
 */
import { formatBytes } from '../../../shared/format'
import { readTextWithin } from '../connection/cappedBody'
import { describeNetworkFailure } from '../../net/networkFailures'

/** How many servers one search page asks for. */
export const PAGE_SIZE = 30
/** Registry answers are small; anything far larger is not a registry answer. */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024
const TIMEOUT_MS = 15_000

/** Where the person changes the registry address: the registry browser itself, not General. */
export const REGISTRY_ADDRESS = 'the registry address (Change, on the Registry tab of Install an extension)'

/** The registry answered 404: the server or version does not exist there. */
export class RegistryNotFoundError extends Error {}

export type FetchLike = (url: string, init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<Response>

const base = (registryUrl: string) => registryUrl.replace(/\/+$/, '')

/** `GET /v0.1/servers?search=&limit=&cursor=&version=latest`. */
export function searchUrl(registryUrl: string, options: { query?: string; cursor?: string; limit?: number }): string {
  const params = new URLSearchParams()
  if (options.query) params.set('search', options.query)
  params.set('limit', String(options.limit ?? PAGE_SIZE))
  if (options.cursor) params.set('cursor', options.cursor)
  params.set('version', 'latest')
  return `${base(registryUrl)}/v0.1/servers?${params.toString()}`
}

/** `GET /v0.1/servers/{name}/versions/{version|latest}` with the name URL-encoded (it contains "/"). */
export function serverVersionUrl(registryUrl: string, name: string, version = 'latest'): string {
  return `${base(registryUrl)}/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`
}

/** Fetches one registry URL and parses its JSON body; throws a readable Error on every failure. */
export async function fetchRegistryJson(url: string, fetchImpl: FetchLike = fetch): Promise<unknown> {
  const where = new URL(url).origin
  let response: Response
  try {
    response = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } })
  } catch (error) {
    const failure = describeNetworkFailure(error)
    const reason = (error as Error).name === 'TimeoutError' ? 'no answer within 15 seconds' : (failure?.reason ?? (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message)
    const advice = failure?.advice === 'check-url' ? `Check ${REGISTRY_ADDRESS}.` : `Check your internet connection, or ${REGISTRY_ADDRESS}.`
    throw new Error(`Could not reach the MCP Registry at ${where} (${reason}). ${advice}`, { cause: error })
  }
  if (response.status === 404) {
    await response.body?.cancel()
    throw new RegistryNotFoundError(`The MCP Registry at ${where} has no such server or version.`)
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new Error(`The MCP Registry at ${where} answered ${response.status} ${response.statusText}. Try again later, or check ${REGISTRY_ADDRESS}.`)
  }
  let text: string | undefined
  try {
    text = await readTextWithin(response, MAX_RESPONSE_BYTES)
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? 'not all of it within 15 seconds' : 'the connection broke'
    throw new Error(`The MCP Registry at ${where} did not send its whole answer (${reason}). Try again later.`, { cause: error })
  }
  if (text === undefined) throw new Error(`The MCP Registry at ${where} sent more than ${formatBytes(MAX_RESPONSE_BYTES)}, far more than a registry answer; it was not read.`)
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new Error(`The MCP Registry at ${where} did not answer with JSON; check ${REGISTRY_ADDRESS}.`)
  }
}
