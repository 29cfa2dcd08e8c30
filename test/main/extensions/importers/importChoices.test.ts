/** Unit: the person's choices applied to a plan (secrets typed, values moved to the keychain, servers picked). */
import { describe, expect, it } from 'vitest'
import { applyChoice, matchChoices, type ServerToAdd } from '../../../../src/main/extensions/importers/importChoices'
import { planImport } from '../../../../src/main/extensions/importers/previewImport'
import type { ImportCandidate } from '../../../../src/main/extensions/importers/importTypes'
import type { ImportChoice } from '../../../../src/shared/hostApi'

const token = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789'
const claude = JSON.stringify({
  mcpServers: {
    github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_TOKEN: token, GITHUB_TOOLSETS: 'repos' } },
    linear: { url: 'https://mcp.linear.app/mcp', headers: { Authorization: 'Bearer lin_api_abcdefghijklmnop1234' } },
    bad: { command: 'node', env: { LD_PRELOAD: 'x' } },
  },
})
const vscode = JSON.stringify({
  inputs: [{ type: 'promptString', id: 'token', description: 'Shared token', password: true }],
  servers: {
    one: { type: 'stdio', command: 'npx', env: { TOKEN: '${input:token}' } },
    two: { type: 'http', url: 'https://two.example/mcp', headers: { Authorization: 'Bearer ${input:token}' } },
  },
})

const candidates = (text: string) => planImport(text, { takenIds: new Set() }).candidates
const byKey = (list: ImportCandidate[], key: string) => list.find((candidate) => candidate.preview.key === key)!

function added(candidate: ImportCandidate, choice: Partial<ImportChoice> = {}, inputs: Record<string, string> = {}): ServerToAdd {
  const result = applyChoice(candidate, { id: candidate.preview.id, include: true, ...choice }, inputs)
  if (!result.ok) throw new Error(result.errors.join('\n'))
  return result.server
}

function errors(candidate: ImportCandidate, choice: Partial<ImportChoice>): string[] {
  const result = applyChoice(candidate, { id: candidate.preview.id, include: true, ...choice }, {})
  if (result.ok) throw new Error('expected the choice to be refused')
  return result.errors
}

describe('moving literal values into the keychain', () => {
  it('by default moves every suggested value: the config keeps a reference, the value goes to the secret list', () => {
    const server = added(byKey(candidates(claude), 'github'))
    expect(server.config).toMatchObject({ type: 'stdio', env: { GITHUB_TOKEN: '${secret:extension:github:env:GITHUB_TOKEN}', GITHUB_TOOLSETS: 'repos' } })
    expect(server.secrets).toEqual([{ name: 'extension:github:env:GITHUB_TOKEN', value: token }])
    expect(JSON.stringify(server.config)).not.toContain(token)
  })

  it('keeps the value where it is when the person says no, and moves any named variable when asked', () => {
    expect(added(byKey(candidates(claude), 'github'), { moveToKeychain: [] }).config).toMatchObject({ env: { GITHUB_TOKEN: token } })
    const both = added(byKey(candidates(claude), 'github'), { moveToKeychain: ['GITHUB_TOKEN', 'GITHUB_TOOLSETS'] })
    expect(both.secrets.map((secret) => secret.name)).toEqual(['extension:github:env:GITHUB_TOKEN', 'extension:github:env:GITHUB_TOOLSETS'])
  })

  it('a header keeps its auth scheme; only the token moves', () => {
    const server = added(byKey(candidates(claude), 'linear'))
    expect(server.config).toMatchObject({ headers: { Authorization: 'Bearer ${secret:extension:linear:header:Authorization}' } })
    expect(server.secrets).toEqual([{ name: 'extension:linear:header:Authorization', value: 'lin_api_abcdefghijklmnop1234' }])
  })

  it('refuses names that are not there, with the fix', () => {
    expect(errors(byKey(candidates(claude), 'github'), { moveToKeychain: ['NOPE'] })).toEqual([
      '"NOPE" is not an env variable of this server, so it cannot move to the keychain; pick one of its env variables.',
    ])
  })
})

describe('secrets asked for', () => {
  it('one input answers every use across servers; a per-server value wins', () => {
    const list = candidates(vscode)
    const one = added(byKey(list, 'one'), {}, { token: 'shared-value' })
    const two = added(byKey(list, 'two'), { secrets: { Authorization: 'own-value' } }, { token: 'shared-value' })
    expect(one.secrets).toEqual([{ name: 'extension:one:env:TOKEN', value: 'shared-value' }])
    expect(two.secrets).toEqual([{ name: 'extension:two:header:Authorization', value: 'own-value' }])
    expect(two.config).toMatchObject({ headers: { Authorization: 'Bearer ${secret:extension:two:header:Authorization}' } })
  })

  it('a secret with no value is reported missing (set it later), not invented', () => {
    const server = added(byKey(candidates(vscode), 'one'))
    expect(server.secrets).toEqual([])
    expect(server.missing).toEqual(['extension:one:env:TOKEN'])
  })

  it('refuses a value for something the server does not ask for, and moving a value that is asked for', () => {
    const one = byKey(candidates(vscode), 'one')
    expect(errors(one, { secrets: { OTHER: 'x' } })).toEqual(['"OTHER" is not a secret this server asks for (it asks for "TOKEN"); leave it out of "secrets".'])
    expect(errors(one, { moveToKeychain: ['TOKEN'] })).toEqual(['"TOKEN" already refers to a secret; give its value in "secrets" instead of moving it.'])
  })

  it('a server with problems cannot be added, whatever the choice', () => {
    expect(errors(byKey(candidates(claude), 'bad'), {})[0]).toMatch(/^env\.LD_PRELOAD:/)
  })
})

describe('matching choices to servers', () => {
  const list = candidates(claude)

  it('without choices every server is included', () => {
    const { matched, unmatched } = matchChoices(list, undefined)
    expect(matched.map(({ choice }) => choice?.include)).toEqual([true, true, true])
    expect(unmatched).toEqual([])
  })

  it('servers not chosen are left out; unknown ids, changed keys and duplicates are refused', () => {
    const { matched, unmatched } = matchChoices(list, [
      { id: 'github', key: 'github', include: true },
      { id: 'linear', key: 'Linear (old name)', include: true },
      { id: 'gone', include: true },
      { id: 'github', include: false },
    ])
    expect(matched.map(({ candidate, choice }) => [candidate.preview.id, choice?.include])).toEqual([
      ['github', true],
      ['linear', undefined],
      ['bad', undefined],
    ])
    expect(unmatched.map(({ error }) => error)).toEqual([
      'The id "linear" now belongs to "linear", not "Linear (old name)"; the config or the installed extensions changed since the preview. Preview it again.',
      'This config has no server with id "gone"; it may have changed since the preview. Preview it again.',
      'The server "github" is chosen twice; send one choice per server.',
    ])
  })
})
