/** Registry fetch failures in words: what happened and what to check, never a raw errno. */
import { describe, expect, it } from 'vitest'
import { fetchRegistryJson } from '../../../../src/main/extensions/registry/registryClient'

/** What undici's fetch throws when the connection never comes up: a TypeError around the system error. */
function fetchFailing(code: string, message: string): typeof fetch {
  return async () => {
    throw new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) })
  }
}

describe('fetchRegistryJson failures', () => {
  it('says the host was not found and points at the address, not at getaddrinfo', async () => {
    const failure = fetchRegistryJson('https://registry.example/v0.1/servers', fetchFailing('ENOTFOUND', 'getaddrinfo ENOTFOUND registry.example'))
    await expect(failure).rejects.toThrow('Could not reach the MCP Registry at https://registry.example (host not found). Check the registry address (Change, on the Registry tab of Install an extension).')
    await expect(failure).rejects.not.toThrow(/getaddrinfo|ENOTFOUND/)
    // General has no registry setting; the address is changed where the registry is browsed.
    await expect(failure).rejects.not.toThrow(/Settings → General/)
  })

  it('says the connection was refused and suggests the connection and the address', async () => {
    await expect(fetchRegistryJson('https://127.0.0.1:9/v0.1/servers', fetchFailing('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9'))).rejects.toThrow(
      'Could not reach the MCP Registry at https://127.0.0.1:9 (connection refused). Check your internet connection, or the registry address (Change, on the Registry tab of Install an extension).',
    )
  })
})
