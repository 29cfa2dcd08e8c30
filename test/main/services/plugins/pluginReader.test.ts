/**
 * The plugin reader on the fixture plugin and on broken copies of it: what each part becomes
 * (exact server launch, env names, secret names, hook command lines with ${CLAUDE_PLUGIN_ROOT}
 * expanded, agents, skills, commands), what is listed as not mapped, and every refusal naming
 * the problem and the fix.
 */
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readPlugin } from '../../../../src/main/services/plugins/pluginReader'
import { tempDir } from '../../../helpers/tempDir'

export const FIXTURE_PLUGIN = join(__dirname, '../../../fixtures/plugins/team-tools')
const INSTALL = '/data/plugins/team-tools'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function copyOfFixture(): Promise<string> {
  const dir = await tempDir()
  cleanups.push(dir.remove)
  const target = join(dir.path, 'team-tools')
  await cp(FIXTURE_PLUGIN, target, { recursive: true })
  return target
}

async function editJson(path: string, edit: (value: Record<string, unknown>) => void): Promise<void> {
  const value = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>
  edit(value)
  await writeFile(path, JSON.stringify(value))
}

describe('readPlugin', () => {
  it('maps every part of the fixture plugin and lists what it cannot map', async () => {
    const plugin = await readPlugin(FIXTURE_PLUGIN, { installDir: INSTALL, platform: 'linux' })
    expect(plugin.manifest).toMatchObject({ name: 'team-tools', version: '1.0.0', author: 'Acme Tools', license: 'MIT' })
    expect(plugin.servers).toEqual([
      {
        view: { name: 'team-notes', extensionId: 'team-notes', type: 'stdio', command: 'node', args: [`${INSTALL}/servers/notes.mjs`, '--root', INSTALL], cwd: INSTALL, env: ['NOTES_TOKEN', 'NOTES_MODE'], headers: [], secrets: ['extension:team-notes:NOTES_TOKEN'] },
        config: { id: 'team-notes', name: 'team-notes', type: 'stdio', command: 'node', args: [`${INSTALL}/servers/notes.mjs`, '--root', INSTALL], cwd: INSTALL, env: { NOTES_TOKEN: '${secret:extension:team-notes:NOTES_TOKEN}', NOTES_MODE: 'plugin' }, enabled: true },
      },
    ])
    expect(plugin.hooks).toHaveLength(1)
    expect(plugin.hooks[0]!.input).toMatchObject({ event: 'user-message', command: { line: `node "${INSTALL}/scripts/team-context.cjs"`, cwd: INSTALL }, timeoutMs: 20_000 })
    expect(plugin.agents).toEqual([{ view: { id: 'reviewer', name: 'reviewer', description: "Reviews a change for the team's conventions and says what to fix.", file: 'agents/reviewer.md' }, input: expect.objectContaining({ name: 'reviewer', instructions: expect.stringMatching(/^You are the team's reviewer/) }) }])
    expect(plugin.skills).toEqual([{ name: 'team-style', description: expect.stringMatching(/^The team's writing style/), folder: 'skills/team-style' }])
    expect(plugin.commands).toEqual([{ view: { name: 'standup', description: "Write today's stand-up", file: 'commands/standup.md', argumentHint: 'what you did' }, body: expect.stringContaining('$ARGUMENTS') }])
    expect(plugin.promptsExtensionId).toBe('plugin-team-tools')
    const parts = plugin.notMapped.map((item) => item.part)
    expect(parts).toEqual(expect.arrayContaining(['hook', 'agent reviewer: tools', 'agent reviewer: model "sonnet"']))
    expect(plugin.notMapped.find((item) => item.part === 'hook')?.reason).toMatch(/Notification/)
  })

  it('reads a plugin without a manifest by its folder name, and a remote server with header names only', async () => {
    const dir = await copyOfFixture()
    await import('node:fs/promises').then((fs) => fs.rm(join(dir, '.claude-plugin'), { recursive: true }))
    await writeFile(join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { 'team-api': { type: 'http', url: 'https://api.acme.example/mcp', headers: { Authorization: 'Bearer ${ACME_TOKEN}' } } } }))
    const plugin = await readPlugin(dir, { installDir: INSTALL })
    expect(plugin.manifest.name).toBe('team-tools')
    expect(plugin.servers[0]!.view).toEqual({ name: 'team-api', extensionId: 'team-api', type: 'streamable-http', url: 'https://api.acme.example/mcp', env: [], headers: ['Authorization'], secrets: ['extension:team-api:ACME_TOKEN'] })
    expect(plugin.servers[0]!.config.headers).toEqual({ Authorization: 'Bearer ${secret:extension:team-api:ACME_TOKEN}' })
  })

  it('refuses an unknown manifest field, naming it', async () => {
    const dir = await copyOfFixture()
    await editJson(join(dir, '.claude-plugin/plugin.json'), (manifest) => void (manifest.autoRun = true))
    await expect(readPlugin(dir, { installDir: INSTALL })).rejects.toThrow(/unknown field "autoRun"; remove it/)
  })

  it('refuses an invalid manifest field', async () => {
    const dir = await copyOfFixture()
    await editJson(join(dir, '.claude-plugin/plugin.json'), (manifest) => void (manifest.name = 'Team Tools'))
    await expect(readPlugin(dir, { installDir: INSTALL })).rejects.toThrow(/"name": A plugin name is kebab-case/)
  })

  it('refuses a path that leaves the plugin folder', async () => {
    const dir = await copyOfFixture()
    await editJson(join(dir, '.claude-plugin/plugin.json'), (manifest) => void (manifest.commands = './../../etc'))
    await expect(readPlugin(dir, { installDir: INSTALL })).rejects.toThrow(/may not leave it with "\.\."/)
  })

  it('refuses a link anywhere in the plugin', async () => {
    const dir = await copyOfFixture()
    await mkdir(join(dir, 'scripts', 'more'))
    await symlink('/etc/passwd', join(dir, 'scripts', 'more', 'passwd'))
    await expect(readPlugin(dir, { installDir: INSTALL })).rejects.toThrow(/contains a link, scripts\/more\/passwd; plugins may not contain links/)
  })

  it('refuses a server whose name cannot be an extension id, and an unknown server field', async () => {
    const dir = await copyOfFixture()
    await writeFile(join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { Team_Notes: { command: 'node' } } }))
    await expect(readPlugin(dir, { installDir: INSTALL })).rejects.toThrow(/"Team_Notes".*Rename it in \.mcp\.json/)
    await writeFile(join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { 'team-notes': { command: 'node', autoApprove: true } } }))
    await expect(readPlugin(dir, { installDir: INSTALL })).rejects.toThrow(/\.mcp\.json/)
  })

  it('refuses a skill whose frontmatter is wrong, and an agent without a name', async () => {
    const dir = await copyOfFixture()
    await writeFile(join(dir, 'skills/team-style/SKILL.md'), '---\nname: other-name\ndescription: x\n---\nbody\n')
    await expect(readPlugin(dir, { installDir: INSTALL })).rejects.toThrow(/"name" is "other-name" but the folder is "team-style"/)
    await cp(join(FIXTURE_PLUGIN, 'skills'), join(dir, 'skills'), { recursive: true })
    await writeFile(join(dir, 'agents/reviewer.md'), '---\ndescription: no name\n---\nbody\n')
    await expect(readPlugin(dir, { installDir: INSTALL })).rejects.toThrow(/agents\/reviewer\.md: "name"/)
  })
})
