/** Unit: finding other apps' MCP configs in their usual places, per platform, with a temporary home folder. */
import { afterEach, describe, expect, it } from 'vitest'
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { configLocation, configLocations, type ImportEnvironment } from '../../../../src/main/extensions/importers/configLocations'
import { discoverConfigs, type ConfigFileReader } from '../../../../src/main/extensions/importers/discoverConfigs'
import { readConfigFileFromDisk } from '../../../../src/main/services/extensions/configImport'
import { DiscoveredConfigSchema } from '../../../../src/shared/hostApi'

const fixture = (name: string) => fileURLToPath(new URL(`../../../fixtures/imports/${name}`, import.meta.url))
const homes: string[] = []
afterEach(async () => {
  await Promise.all(homes.splice(0).map((home) => rm(home, { recursive: true, force: true })))
})

async function tempHome(): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), 'switchboard-home-'))
  homes.push(home)
  return home
}

async function place(path: string, fixtureName: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  await copyFile(fixture(fixtureName), path)
}

async function discover(environment: ImportEnvironment, read: ConfigFileReader = readConfigFileFromDisk) {
  const found = await discoverConfigs(environment, read)
  for (const entry of found) DiscoveredConfigSchema.parse(entry)
  return found
}

describe('usual config locations', () => {
  it('computes each platform\'s paths', () => {
    const paths = (environment: ImportEnvironment) => configLocations(environment).map((location) => location.path)
    expect(paths({ home: '/Users/me', env: {}, platform: 'darwin' })).toEqual([
      '/Users/me/Library/Application Support/Claude/claude_desktop_config.json',
      '/Users/me/.cursor/mcp.json',
      '/Users/me/Library/Application Support/Code/User/mcp.json',
    ])
    expect(paths({ home: '/home/me', env: {}, platform: 'linux' })).toEqual(['/home/me/.config/Claude/claude_desktop_config.json', '/home/me/.cursor/mcp.json', '/home/me/.config/Code/User/mcp.json'])
    expect(paths({ home: '/home/me', env: { XDG_CONFIG_HOME: '/xdg' }, platform: 'linux' })[0]).toBe('/xdg/Claude/claude_desktop_config.json')
    // A relative XDG_CONFIG_HOME is invalid by the spec and ignored.
    expect(paths({ home: '/home/me', env: { XDG_CONFIG_HOME: 'rel' }, platform: 'linux' })[0]).toBe('/home/me/.config/Claude/claude_desktop_config.json')
    expect(paths({ home: 'C:\\Users\\me', env: { APPDATA: 'D:\\Roaming' }, platform: 'win32' })).toEqual([
      'D:\\Roaming\\Claude\\claude_desktop_config.json',
      'C:\\Users\\me\\.cursor\\mcp.json',
      'D:\\Roaming\\Code\\User\\mcp.json',
    ])
    expect(configLocation('claude-desktop', { home: 'C:\\Users\\me', env: {}, platform: 'win32' }).path).toBe('C:\\Users\\me\\AppData\\Roaming\\Claude\\claude_desktop_config.json')
  })
})

describe('discovery', () => {
  it('linux: finds every app\'s config under a temporary home and counts its servers', async () => {
    const home = await tempHome()
    await place(join(home, '.config/Claude/claude_desktop_config.json'), 'claude_desktop_config.json')
    await place(join(home, '.cursor/mcp.json'), 'cursor_mcp.json')
    await place(join(home, '.config/Code/User/mcp.json'), 'vscode_mcp.json')
    const found = await discover({ home, env: {}, platform: 'linux' })
    expect(found.map(({ source, serverCount, summary, problem }) => ({ source, serverCount, summary, problem }))).toEqual([
      { source: 'claude-desktop', serverCount: 5, summary: 'Found 5 servers in Claude Desktop.', problem: undefined },
      { source: 'cursor', serverCount: 3, summary: 'Found 3 servers in Cursor.', problem: undefined },
      { source: 'vscode', serverCount: 5, summary: 'Found 5 servers in VS Code.', problem: undefined },
    ])
    expect(found[1]!.serverNames).toEqual(['linear', 'legacy-events', 'sqlite'])
    expect(found[0]!.path).toBe(join(home, '.config/Claude/claude_desktop_config.json'))
  })

  it('macOS: reads Application Support; a missing app is simply not offered', async () => {
    const home = await tempHome()
    await place(join(home, 'Library/Application Support/Claude/claude_desktop_config.json'), 'claude_desktop_config.json')
    const found = await discover({ home, env: {}, platform: 'darwin' })
    expect(found.map((entry) => entry.summary)).toEqual(['Found 5 servers in Claude Desktop.'])
  })

  it('Windows: %APPDATA% paths are read through the injected reader', async () => {
    const files = new Map([['C:\\Users\\me\\AppData\\Roaming\\Code\\User\\mcp.json', '{"servers": {"time": {"command": "uvx"}}}']])
    const read: ConfigFileReader = async (path) => {
      const text = files.get(path)
      if (text === undefined) throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: 'ENOENT' })
      return text
    }
    const found = await discover({ home: 'C:\\Users\\me', env: { APPDATA: 'C:\\Users\\me\\AppData\\Roaming' }, platform: 'win32' }, read)
    expect(found).toEqual([expect.objectContaining({ source: 'vscode', serverCount: 1, serverNames: ['time'], summary: 'Found 1 server in VS Code.' })])
  })

  it('an empty home finds nothing; a Claude file with no MCP servers offers nothing', async () => {
    const home = await tempHome()
    expect(await discover({ home, env: {}, platform: 'linux' })).toEqual([])
    await mkdir(join(home, '.config/Claude'), { recursive: true })
    await writeFile(join(home, '.config/Claude/claude_desktop_config.json'), '{"globalShortcut": "Ctrl+Space"}')
    await mkdir(join(home, '.cursor'))
    await writeFile(join(home, '.cursor/mcp.json'), '{"mcpServers": {}}')
    expect(await discover({ home, env: {}, platform: 'linux' })).toEqual([])
  })

  it('corrupt, unreadable, a folder, or far too large: one clear line each, never a crash', async () => {
    const home = await tempHome()
    await place(join(home, '.config/Claude/claude_desktop_config.json'), 'corrupt_truncated.json')
    await mkdir(join(home, '.cursor/mcp.json'), { recursive: true })
    await mkdir(join(home, '.config/Code/User'), { recursive: true })
    await writeFile(join(home, '.config/Code/User/mcp.json'), `{"servers": {}, "pad": "${'x'.repeat(1024 * 1024)}"}`)
    const found = await discover({ home, env: {}, platform: 'linux' })
    expect(found.map((entry) => [entry.source, entry.serverCount, entry.summary])).toEqual([
      ['claude-desktop', 0, "Claude Desktop's config could not be read."],
      ['cursor', 0, "Cursor's config could not be read."],
      ['vscode', 0, "VS Code's config could not be read."],
    ])
    expect(found[0]!.problem).toMatch(/^Claude Desktop's config \(.*claude_desktop_config\.json\) is not valid JSON \(it ends too early: the text in quotes at line 5, column 22 never closes; part of it is missing\)/)
    expect(found[1]!.problem).toBe(`Cursor's config at ${join(home, '.cursor/mcp.json')} is a folder, not a file; nothing to import there.`)
    expect(found[2]!.problem).toMatch(/^Could not read VS Code's config at .* \(it is \d+ bytes, far more than an MCP config; it was not read\); open it yourself and paste its contents\.$/)

    // Permission denied (root can read anything, so the OS error is produced by the reader here).
    const denied: ConfigFileReader = async () => {
      throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })
    }
    const locked = await discover({ home, env: {}, platform: 'linux' }, denied)
    expect(locked[0]!.problem).toBe(`Could not read Claude Desktop's config at ${join(home, '.config/Claude/claude_desktop_config.json')}: permission denied. Allow Switchboard to read it, or open it yourself and paste its contents.`)
  })
})
