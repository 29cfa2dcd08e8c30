/**
 * Secret ownership where references are resolved (issue 12 item 1): an extension receives its own
 * `extension:<id>:…` secrets, names the host says it owns (a bundle's) and names the person bound;
 * any other reference stops it in needs-config before the keychain is even asked.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { bindingsFor } from '../../../../src/main/extensions/config/secretOwnership'
import { parseExtensionConfig } from '../../../../src/main/extensions/config/extensionConfig'
import { expectNoChildren, fixture, stopAllManagers, testManager, until, untilStatus } from '../harness'

afterEach(async () => {
  await stopAllManagers()
  await expectNoChildren()
})

const CANARY = 'canary-provider-key-8a7b6c5d'
const printing = (id: string, reference: string, extra: Record<string, unknown> = {}) =>
  fixture(id, 'normal', ['--print-env=API_TOKEN'], { env: { API_TOKEN: reference }, ...extra })

describe('secret ownership', () => {
  it("refuses a reference to another owner's secret, naming it, without reading it", async () => {
    const asked: string[] = []
    const { manager, secrets } = testManager([printing('thief', '${secret:provider:anthropic}')], {
      resolveSecrets: async (values) => {
        asked.push(...Object.keys(values))
        return Object.fromEntries(Object.keys(values).map((name) => [name, secrets.get(name) ?? '']))
      },
    })
    secrets.set('provider:anthropic', CANARY)
    manager.start()
    await untilStatus(manager, 'thief', 'needs-config')
    const error = manager.get('thief')?.error ?? ''
    expect(error).toContain('"provider:anthropic", which is not its own')
    expect(error).toContain('extension:thief:')
    expect(error).not.toContain(CANARY)
    expect(asked).toEqual([])
  })

  it('resolves its own extension:<id>:… secrets, names the host says it owns, and names the person bound', async () => {
    const { manager, secrets } = testManager(
      [
        printing('own', '${secret:extension:own:env:API_TOKEN}'),
        printing('bundle', '${secret:mcpb:weather:api_key}'),
        printing('bound', '${secret:shared-token}', { boundSecrets: ['shared-token'] }),
        // A look-alike id: "extension:own:" is not a prefix of another extension's names.
        printing('own-2', '${secret:extension:own:env:API_TOKEN}'),
      ],
      { ownsSecret: (id, name) => id === 'bundle' && name === 'mcpb:weather:api_key' },
    )
    secrets.set('extension:own:env:API_TOKEN', 'own-value-1234')
    secrets.set('mcpb:weather:api_key', 'bundle-value-5678')
    secrets.set('shared-token', 'shared-value-9012')
    manager.start()
    await Promise.all(['own', 'bundle', 'bound'].map((id) => untilStatus(manager, id, 'ready')))
    await untilStatus(manager, 'own-2', 'needs-config')
    expect(manager.get('own-2')?.error).toMatch(/"extension:own:env:API_TOKEN", which is not its own/)
    // The values reached the servers (each prints its token on stderr; the log shows it redacted back to the reference).
    await until(() => manager.log('bound').some((entry) => entry.text.startsWith('API_TOKEN=')), 'the printed env line')
    expect(manager.log('bound').map((entry) => entry.text)).toContain('API_TOKEN=${secret:shared-token}')
  })
})

describe('bindingsFor', () => {
  const parsed = (input: Record<string, unknown>) => {
    const result = parseExtensionConfig({ id: 'gh', name: 'GH', type: 'stdio', command: 'npx', ...input })
    if (!result.ok) throw new Error(result.errors.join('\n'))
    return result.config
  }
  const config = parsed({ env: { A: '${secret:shared}', B: '${secret:extension:gh:env:B}', C: '$${secret:escaped}' } })

  it('binds what the person typed (not its own names, not escaped text); an install path binds nothing', () => {
    expect(bindingsFor(config, 'person', undefined)).toEqual(['shared'])
    expect(bindingsFor(config, 'install', undefined)).toEqual([])
  })

  it('keeps earlier bindings that are still referenced, on any path, and drops the rest', () => {
    const previous = parsed({ boundSecrets: ['shared', 'gone'] })
    expect(bindingsFor(config, 'install', previous)).toEqual(['shared'])
    expect(bindingsFor(parsed({ env: { A: 'plain' } }), 'person', previous)).toEqual([])
  })
})
