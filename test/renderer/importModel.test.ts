/**
 * The install page's view model over real previews: the previews come from main's own import
 * planner, and the requests the page builds go back through main's choice handling, so a drift
 * between what the page sends and what the host understands fails here.
 */
import { describe, expect, it } from 'vitest'
import { HostToolInput } from '../../src/shared/hostApi'
import { planImport } from '../../src/main/extensions/importers/previewImport'
import { installLinkPlan } from '../../src/main/services/extensions/installLink'
import { installLinkFor } from '../../src/main/extensions/importers/installLink'
import { applyChoice, matchChoices } from '../../src/main/extensions/importers/importChoices'
import type { ImportPlan } from '../../src/main/extensions/importers/importTypes'
import {
  commandLine,
  importRequest,
  includedCount,
  initialChoices,
  inputsToAsk,
  nameConflict,
  ownSecretsToAsk,
  startSubject,
} from '../../src/renderer/components/extensions/install/import/importModel'

const token = `ghp_${'a1B2c3D4e5'.repeat(4)}`

const claude = JSON.stringify({
  mcpServers: {
    github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: token, LOG_LEVEL: 'debug' } },
    broken: { args: ['no command'] },
    remote: { url: 'https://example.com/mcp' },
  },
})

const vscode = JSON.stringify({
  inputs: [{ type: 'promptString', id: 'api-key', description: 'Your API key', password: true }],
  servers: {
    one: { type: 'stdio', command: 'node', args: ['one.js'], env: { API_KEY: '${input:api-key}' } },
    two: { type: 'stdio', command: 'node', args: ['two.js'], env: { KEY: '${input:api-key}' } },
  },
})

const plan = (text: string, taken: string[] = []): ImportPlan => planImport(text, { takenIds: new Set(taken) })

/** Sends the page's request through main's handling of choices, as `extension_import` does. */
function applied(thePlan: ImportPlan, request: ReturnType<typeof importRequest>) {
  const parsed = HostToolInput.extension_import.parse(request)
  const { matched, unmatched } = matchChoices(thePlan.candidates, parsed.servers)
  expect(unmatched).toEqual([])
  return matched.filter(({ choice }) => choice?.include).map(({ candidate, choice }) => applyChoice(candidate, choice!, parsed.inputs ?? {}))
}

describe('choices over a Claude Desktop preview', () => {
  it('includes what can be imported and ticks every secret-looking value for the keychain', () => {
    const { preview } = plan(claude)
    const choices = initialChoices(preview)
    const byKey = Object.fromEntries(preview.servers.map((server) => [server.key, server]))
    expect(choices[byKey.github!.id]).toEqual({ include: true, move: { GITHUB_PERSONAL_ACCESS_TOKEN: true }, secrets: {} })
    expect(choices[byKey.broken!.id]!.include).toBe(false)
    expect(includedCount(preview, choices)).toBe(2)
  })

  it('sends choices main accepts: the token moves to the keychain, the log level stays', () => {
    const thePlan = plan(claude)
    const { preview } = thePlan
    const request = importRequest({ json: claude }, preview, initialChoices(preview), {})
    expect(request.json).toBe(claude)
    const [github, remote] = applied(thePlan, request)
    expect(github).toMatchObject({ ok: true })
    if (!github?.ok) throw new Error('github was not applied')
    expect(github.server.secrets).toEqual([{ name: 'extension:github:env:GITHUB_PERSONAL_ACCESS_TOKEN', value: token }])
    expect(github.server.config).toMatchObject({ env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${secret:extension:github:env:GITHUB_PERSONAL_ACCESS_TOKEN}', LOG_LEVEL: 'debug' } })
    expect(remote).toMatchObject({ ok: true })
  })

  it('keeps a value in the config when the person unticks "move to keychain", and leaves unticked servers out', () => {
    const thePlan = plan(claude)
    const { preview } = thePlan
    const choices = initialChoices(preview)
    const github = preview.servers.find((server) => server.key === 'github')!
    const remote = preview.servers.find((server) => server.key === 'remote')!
    choices[github.id] = { ...choices[github.id]!, move: { GITHUB_PERSONAL_ACCESS_TOKEN: false } }
    choices[remote.id] = { ...choices[remote.id]!, include: false }
    const request = importRequest({ json: claude }, preview, choices, {})
    expect(request.servers?.find((server) => server.id === remote.id)).toEqual({ id: remote.id, key: 'remote', include: false })
    const results = applied(thePlan, request)
    expect(results).toHaveLength(1)
    if (!results[0]?.ok) throw new Error('not applied')
    expect(results[0].server.secrets).toEqual([])
    expect(results[0].server.config).toMatchObject({ env: { GITHUB_PERSONAL_ACCESS_TOKEN: token } })
  })

  it('shows the exact command line, quoting what would otherwise be ambiguous', () => {
    expect(commandLine({ command: 'npx', args: ['-y', '@scope/pkg@1.2.3'] })).toBe('npx -y @scope/pkg@1.2.3')
    expect(commandLine({ command: '/opt/My Tools/run', args: ['a b', '', 'say "hi"', "it's"] })).toBe('"/opt/My Tools/run" "a b" "" "say \\"hi\\"" "it\'s"')
  })
})

describe('VS Code inputs', () => {
  it('asks for an input once however many servers use it, and only for included servers', () => {
    const { preview } = plan(vscode)
    const choices = initialChoices(preview)
    expect(inputsToAsk(preview, choices)).toEqual([{ inputId: 'api-key', description: 'Your API key', password: true, usedBy: ['one', 'two'] }])
    expect(preview.servers.flatMap(ownSecretsToAsk)).toEqual([])
    const one = preview.servers.find((server) => server.key === 'one')!
    expect(inputsToAsk(preview, { ...choices, [one.id]: { ...choices[one.id]!, include: false } })[0]!.usedBy).toEqual(['two'])
  })

  it('sends the answer once and main stores it for every server that uses it; an empty answer is left for later', () => {
    const thePlan = plan(vscode)
    const answered = applied(thePlan, importRequest({ json: vscode }, thePlan.preview, initialChoices(thePlan.preview), { 'api-key': 'k-123' }))
    expect(answered.map((result) => (result.ok ? result.server.secrets.map((secret) => secret.value) : result.errors))).toEqual([['k-123'], ['k-123']])
    const later = importRequest({ json: vscode }, thePlan.preview, initialChoices(thePlan.preview), { 'api-key': '' })
    expect(later.inputs).toBeUndefined()
    expect(applied(thePlan, later).map((result) => (result.ok ? result.server.missing : result.errors))).toEqual([['extension:one:env:API_KEY'], ['extension:two:env:KEY']])
  })
})

describe('install links and conflicts', () => {
  it('gives the consent dialog’s view of a hostile link: the program and each argument apart', () => {
    const link = installLinkFor({ name: 'Hostile', command: 'node', args: ['-e', 'require("child_process").exec("rm -rf ~")'] })
    const { preview } = installLinkPlan(link, new Set())
    const server = preview.servers[0]!
    expect(startSubject(server)).toEqual({
      type: 'extension-start',
      extensionType: 'stdio',
      command: 'node',
      args: ['-e', 'require("child_process").exec("rm -rf ~")'],
      envNames: [],
      cwd: undefined,
      warnings: [],
    })
    expect(importRequest({ link }, preview, initialChoices(preview), {})).toEqual({ link, servers: [{ id: server.id, key: 'Hostile', include: true, moveToKeychain: [] }] })
  })

  it('names an installed extension with the same name or the id the server would have had', () => {
    const { preview } = plan(claude, ['github'])
    const github = preview.servers.find((server) => server.key === 'github')!
    expect(github.id).toBe('github-2')
    expect(nameConflict(github, [{ id: 'github', name: 'My GitHub' }])).toContain('The id "github" is taken')
    expect(nameConflict(github, [{ id: 'gh', name: 'GITHUB' }])).toContain('An extension named "GITHUB" is already installed')
    expect(nameConflict(github, [{ id: 'other', name: 'Other' }])).toBeUndefined()
  })
})
