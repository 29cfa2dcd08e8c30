/**
 * Reads a plugin folder (a staged copy) into what it brings and what each part becomes here: its
 * MCP servers as extension configs, its hooks as command hooks (read by the same Claude Code hook
 * reader as the hook import), its agents as agents, its skills as personal skills, its commands as
 * prompts, and a list of what cannot be mapped and why. Nothing is written. `${CLAUDE_PLUGIN_ROOT}`
 * expands to `installDir`, where the copy will live. Anything unsafe is refused whole with a
 * PluginError naming the problem and the fix: unknown or invalid manifest fields, paths leaving the
 * folder, links anywhere in it.
 */
import { lstat, readdir, readFile } from 'node:fs/promises'
import { basename, join, relative, sep } from 'node:path'
import { agentSlug } from '../../../shared/agentsApi'
import type { HookEvent } from '../../../shared/hooksApi'
import type { PluginPreview, PluginServer } from '../../../shared/pluginsApi'
import { ExtensionIdPattern } from '../../../shared/toolNames'
import { readHooksBlock } from '../../hooks/commandHooks/importHooks'
import { frontmatterProblems } from '../skills/skillImport'
import {
  AgentFrontmatterSchema,
  CommandFrontmatterSchema,
  issuesText,
  ManifestSchema,
  McpFileSchema,
  parseJsonFile,
  PluginError,
  splitFrontmatter,
  UNMAPPED_MANIFEST_FIELDS,
  type PluginManifest,
  type PluginServerEntry,
} from './pluginFormat'

export const MANIFEST_PATH = '.claude-plugin/plugin.json'
export const ROOT_VARIABLE = '${CLAUDE_PLUGIN_ROOT}'

/** Far more than a real plugin; a larger tree is refused before anything is read. */
export const PLUGIN_LIMITS = { files: 5_000, bytes: 256 * 1024 * 1024, textBytes: 1024 * 1024 }

export interface PluginHookPart {
  view: PluginPreview['hooks'][number]
  input: { name: string; event: HookEvent; command: { line: string; matcher?: string; cwd?: string; source: string }; timeoutMs: number }
}

/** A plugin as read: the preview's parts, plus what installing each needs. */
export interface ReadPlugin {
  manifest: Pick<PluginManifest, 'name' | 'version' | 'description' | 'homepage' | 'license'> & { author?: string }
  servers: { view: PluginServer; config: Record<string, unknown> }[]
  hooks: PluginHookPart[]
  agents: { view: PluginPreview['agents'][number]; input: { name: string; description: string; instructions: string } }[]
  skills: PluginPreview['skills']
  commands: { view: PluginPreview['commands'][number]; body: string }[]
  promptsExtensionId?: string
  notMapped: PluginPreview['notMapped']
}

export interface ReadOptions {
  /** Where the plugin will be installed; `${CLAUDE_PLUGIN_ROOT}` expands to it. */
  installDir: string
  /** The name when there is no manifest (the marketplace entry's, or the folder's). */
  fallbackName?: string
  platform?: NodeJS.Platform
}

/** Every file of the tree (relative, `/`-separated), refusing links and anything but files and folders. */
export async function listPluginFiles(dir: string): Promise<string[]> {
  const files: string[] = []
  let bytes = 0
  const walk = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = join(current, entry.name)
      const rel = relative(dir, full).split(sep).join('/')
      if (entry.isSymbolicLink()) throw new PluginError(`The plugin contains a link, ${rel}; plugins may not contain links (they can point anywhere on this computer). Replace it with the file or folder itself.`)
      if (entry.isDirectory()) {
        if (entry.name === '.git') continue
        await walk(full)
      } else if (entry.isFile()) {
        files.push(rel)
        bytes += (await lstat(full)).size
        if (files.length > PLUGIN_LIMITS.files) throw new PluginError(`The plugin has more than ${PLUGIN_LIMITS.files} files; that is far more than a plugin holds, so it was not read.`)
        if (bytes > PLUGIN_LIMITS.bytes) throw new PluginError(`The plugin holds more than ${PLUGIN_LIMITS.bytes / 1024 / 1024} MiB; that is far more than a plugin holds, so it was not read.`)
      } else {
        throw new PluginError(`The plugin contains ${rel}, which is neither a file nor a folder; remove it.`)
      }
    }
  }
  await walk(dir)
  return files.sort()
}

/** `./a/b` → `a/b`; refuses what leaves the folder (PluginPathSchema has checked the shape in the manifest). */
function inside(path: string, what: string): string {
  const clean = path.replace(/^\.\//, '').replace(/\/+$/, '')
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || clean.split('/').includes('..') || path.includes('\\')) {
    throw new PluginError(`${what} "${path}" leaves the plugin folder; paths in a plugin are relative ("./…") and stay inside it.`)
  }
  return clean
}

/** `${CLAUDE_PLUGIN_ROOT}` → the install folder (the one variable the format defines for this). */
export const expandRoot = (text: string, installDir: string): string => text.split(ROOT_VARIABLE).join(installDir)

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g

/**
 * A value with `${VAR}` references (other than the plugin root): each becomes a reference to the
 * extension's own keychain entry `extension:<id>:VAR`, which only that extension may read and which
 * uninstall deletes. Plain values stay as they are.
 */
function withSecretRefs(value: string, extensionId: string, secrets: Set<string>): string {
  return value.replace(REFERENCE, (_whole, name: string) => {
    const secret = `extension:${extensionId}:${name}`
    secrets.add(secret)
    return `\${secret:${secret}}`
  })
}

function mapServer(name: string, entry: PluginServerEntry, installDir: string): { view: PluginServer; config: Record<string, unknown> } {
  if (!ExtensionIdPattern.test(name)) {
    throw new PluginError(`The server "${name}" in .mcp.json cannot become an extension: its name is its extension id here, which must be a lower-case slug of letters, digits and "-" (at most 32 characters). Rename it in .mcp.json.`)
  }
  const secrets = new Set<string>()
  const expand = (text: string) => withSecretRefs(expandRoot(text, installDir), name, secrets)
  if ('command' in entry) {
    const env = Object.fromEntries(Object.entries(entry.env ?? {}).map(([key, value]) => [key, expand(value)]))
    const cwd = entry.cwd !== undefined ? expandRoot(entry.cwd, installDir) : installDir
    const config = { id: name, name, type: 'stdio', command: expandRoot(entry.command, installDir), args: (entry.args ?? []).map((arg) => expandRoot(arg, installDir)), env, cwd, enabled: true }
    return {
      view: { name, extensionId: name, type: 'stdio', command: config.command, args: config.args, cwd, env: Object.keys(env), headers: [], secrets: [...secrets] },
      config,
    }
  }
  const type = entry.type === 'sse' ? 'sse' : 'streamable-http'
  const headers = Object.fromEntries(Object.entries(entry.headers ?? {}).map(([key, value]) => [key, expand(value)]))
  const url = expandRoot(entry.url, installDir)
  return {
    view: { name, extensionId: name, type, url, env: [], headers: Object.keys(headers), secrets: [...secrets] },
    config: { id: name, name, type, url, headers, enabled: true },
  }
}

export async function readPlugin(dir: string, options: ReadOptions): Promise<ReadPlugin> {
  const { installDir } = options
  const files = await listPluginFiles(dir)
  const has = new Set(files)
  const readText = async (rel: string, what: string): Promise<string> => {
    if (!has.has(rel)) throw new PluginError(`${what} "${rel}" is not in the plugin; fix the path in ${MANIFEST_PATH} or add the file.`)
    const info = await lstat(join(dir, ...rel.split('/')))
    if (info.size > PLUGIN_LIMITS.textBytes) throw new PluginError(`${rel} is ${info.size} bytes, far more than a plugin's text file; it was not read.`)
    return readFile(join(dir, ...rel.split('/')), 'utf8')
  }
  const notMapped: ReadPlugin['notMapped'] = []

  // The manifest is optional: without one, the name comes from the marketplace entry or the folder.
  const manifest: PluginManifest = has.has(MANIFEST_PATH)
    ? parseJsonFile(MANIFEST_PATH, await readText(MANIFEST_PATH, 'The manifest'), ManifestSchema)
    : (() => {
        const name = options.fallbackName ?? basename(dir)
        const parsed = ManifestSchema.safeParse({ name })
        if (!parsed.success) throw new PluginError(`The plugin has no ${MANIFEST_PATH}, and its folder name "${name}" is no valid plugin name. Add a manifest with a kebab-case "name".`)
        return parsed.data
      })()
  for (const rel of files) if (rel.startsWith('.claude-plugin/') && rel !== MANIFEST_PATH && rel !== '.claude-plugin/marketplace.json') notMapped.push({ part: rel, reason: 'only plugin.json belongs in .claude-plugin/; this file is not used' })
  for (const field of UNMAPPED_MANIFEST_FIELDS) if (manifest[field] !== undefined) notMapped.push({ part: `plugin.json "${field}"`, reason: 'Switchboard has no equivalent yet, so it is left out' })

  // Default folders, supplemented (never replaced) by the manifest's extra paths.
  const extra = (value: string | string[] | undefined, what: string) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).map((path) => inside(path, what))
  const markdownUnder = (folder: string) => files.filter((rel) => rel.startsWith(`${folder}/`) && rel.endsWith('.md'))
  const markdownAt = (paths: string[], fallback: string) => {
    const found = new Set(markdownUnder(fallback))
    for (const path of paths) {
      if (has.has(path)) found.add(path)
      else {
        const under = markdownUnder(path)
        if (under.length === 0) throw new PluginError(`${MANIFEST_PATH} names "./${path}", which is neither a Markdown file nor a folder of them in the plugin; fix the path.`)
        under.forEach((rel) => found.add(rel))
      }
    }
    return [...found].sort()
  }

  // MCP servers: .mcp.json (or the manifest's path or inline map).
  const servers: ReadPlugin['servers'] = []
  let serverMap: Record<string, PluginServerEntry> = {}
  if (manifest.mcpServers !== undefined && typeof manifest.mcpServers === 'object') serverMap = manifest.mcpServers
  else {
    const path = manifest.mcpServers !== undefined ? inside(manifest.mcpServers, 'The "mcpServers" path') : '.mcp.json'
    if (has.has(path) || manifest.mcpServers !== undefined) {
      const file = parseJsonFile(path, await readText(path, 'The MCP servers file'), McpFileSchema)
      serverMap = 'mcpServers' in file && typeof file.mcpServers === 'object' && file.mcpServers !== null && !('command' in file.mcpServers) ? (file.mcpServers as Record<string, PluginServerEntry>) : (file as Record<string, PluginServerEntry>)
    }
  }
  for (const [name, entry] of Object.entries(serverMap)) servers.push(mapServer(name, entry, installDir))

  // Hooks: the Claude Code format, read by the hook import's reader.
  const hooks: ReadPlugin['hooks'] = []
  let hooksText: string | undefined
  let hooksFile = 'hooks/hooks.json'
  if (manifest.hooks !== undefined && typeof manifest.hooks === 'object') hooksText = JSON.stringify({ hooks: manifest.hooks.hooks ?? manifest.hooks })
  else {
    if (typeof manifest.hooks === 'string') hooksFile = inside(manifest.hooks, 'The "hooks" path')
    if (has.has(hooksFile) || manifest.hooks !== undefined) hooksText = await readText(hooksFile, 'The hooks file')
  }
  if (hooksText !== undefined) {
    const read = readHooksBlock(hooksText, { path: join(installDir, hooksFile), label: `Plugin ${manifest.name}`, root: installDir }, options.platform)
    if (read.problem) throw new PluginError(read.problem)
    for (const reason of read.skipped) notMapped.push({ part: 'hook', reason })
    for (const hook of read.hooks) {
      const line = expandRoot(hook.command.line, installDir)
      const cwd = hook.command.cwd !== undefined ? expandRoot(hook.command.cwd, installDir) : installDir
      const name = expandRoot(hook.name, installDir).slice(0, 100)
      hooks.push({
        view: { name, event: hook.event, fileEvent: hook.fileEvent, ...(hook.command.matcher !== undefined ? { matcher: hook.command.matcher } : {}), command: line, timeoutMs: hook.timeoutMs, warnings: hook.warnings },
        input: { name, event: hook.event, command: { line, ...(hook.command.matcher !== undefined ? { matcher: hook.command.matcher } : {}), cwd, source: hook.command.source }, timeoutMs: hook.timeoutMs },
      })
    }
  }

  // Agents: frontmatter name/description/tools/model, body = instructions.
  const agents: ReadPlugin['agents'] = []
  for (const rel of markdownAt(extra(manifest.agents, 'The "agents" path'), 'agents')) {
    const { data, body } = await splitFrontmatter(rel, await readText(rel, 'The agent file'))
    const parsed = AgentFrontmatterSchema.safeParse(data)
    if (!parsed.success) throw new PluginError(issuesText(rel, parsed.error))
    const { name, description = '', tools, model } = parsed.data
    const id = agentSlug(name)
    if (id === '') throw new PluginError(`${rel}: the agent name "${name}" has no letters or digits to make its id from; rename it.`)
    if (tools !== undefined) notMapped.push({ part: `agent ${name}: tools`, reason: 'Claude Code tool names do not exist here; the agent may use every extension (change that in Settings → Agents)' })
    if (model !== undefined) notMapped.push({ part: `agent ${name}: model "${model}"`, reason: 'it runs with the selected model; pick one for it in Settings → Agents' })
    if (description.length > 500) notMapped.push({ part: `agent ${name}: description`, reason: 'cut to the 500 characters an agent description may have' })
    if (body.length > 20_000) throw new PluginError(`${rel}: the agent's instructions are ${body.length} characters; an agent's instructions may have at most 20,000.`)
    if (agents.some((agent) => agent.view.id === id)) throw new PluginError(`Two agents of the plugin have the id "${id}" (${rel}); rename one.`)
    agents.push({ view: { id, name, description: description.slice(0, 500), file: rel }, input: { name, description: description.slice(0, 500), instructions: body.trim() } })
  }

  // Skills: skills/<name>/SKILL.md (and the manifest's extra skill folders).
  const skills: ReadPlugin['skills'] = []
  const skillFolders = new Set(files.filter((rel) => /^skills\/[^/]+\/SKILL\.md$/.test(rel)).map((rel) => rel.slice(0, -'/SKILL.md'.length)))
  for (const path of extra(manifest.skills, 'The "skills" path')) {
    if (has.has(`${path}/SKILL.md`)) skillFolders.add(path)
    else {
      const under = files.filter((rel) => rel.startsWith(`${path}/`) && /^[^/]+\/SKILL\.md$/.test(rel.slice(path.length + 1)))
      if (under.length === 0) throw new PluginError(`${MANIFEST_PATH} names the skills path "./${path}", which holds no SKILL.md; fix the path.`)
      under.forEach((rel) => skillFolders.add(rel.slice(0, -'/SKILL.md'.length)))
    }
  }
  for (const folder of [...skillFolders].sort()) {
    const name = basename(folder)
    const text = await readText(`${folder}/SKILL.md`, 'The skill')
    const problems = await frontmatterProblems(text, name)
    if (problems.length > 0) throw new PluginError(problems.join('\n'))
    if (skills.some((skill) => skill.name === name)) throw new PluginError(`Two skills of the plugin are named "${name}"; keep one.`)
    const { data } = await splitFrontmatter(`${folder}/SKILL.md`, text)
    skills.push({ name, description: String(data.description ?? ''), folder })
  }

  // Commands → prompts of the plugin's own builtin extension.
  const commands: ReadPlugin['commands'] = []
  for (const rel of markdownAt(extra(manifest.commands, 'The "commands" path'), 'commands')) {
    const { data, body } = await splitFrontmatter(rel, await readText(rel, 'The command file'))
    const parsed = CommandFrontmatterSchema.safeParse(data)
    if (!parsed.success) throw new PluginError(issuesText(rel, parsed.error))
    const name = rel.replace(/^commands\//, '').replace(/\.md$/, '').split('/').join(':')
    const hint = parsed.data['argument-hint']
    if (parsed.data['allowed-tools'] !== undefined) notMapped.push({ part: `command /${name}: allowed-tools`, reason: 'tool calls it leads to ask for approval as usual' })
    if (parsed.data.model !== undefined) notMapped.push({ part: `command /${name}: model`, reason: 'it runs with the session\'s model' })
    if (/!`/.test(body)) notMapped.push({ part: `command /${name}: !\`…\` lines`, reason: 'Switchboard runs no shell commands from a prompt; they are sent as text' })
    commands.push({ view: { name, description: parsed.data.description ?? firstLine(body), file: rel, ...(hint !== undefined ? { argumentHint: Array.isArray(hint) ? hint.join(' ') : hint } : {}) }, body })
  }
  let promptsExtensionId: string | undefined
  if (commands.length > 0) {
    const id = `plugin-${manifest.name}`
    if (ExtensionIdPattern.test(id)) promptsExtensionId = id
    else {
      notMapped.push({ part: 'commands', reason: `the extension id "${id}" that would serve them is longer than 32 characters; give the plugin a shorter name` })
      commands.length = 0
    }
  }

  for (const rel of files) {
    if (/^(output-styles|monitors|lsp)\//.test(rel) || rel === '.lsp.json') notMapped.push({ part: rel, reason: 'Switchboard has no equivalent yet, so it is left out' })
  }
  const author = manifest.author === undefined ? undefined : typeof manifest.author === 'string' ? manifest.author : manifest.author.name
  return {
    manifest: { name: manifest.name, version: manifest.version, description: manifest.description, homepage: manifest.homepage, license: manifest.license, ...(author ? { author } : {}) },
    servers,
    hooks,
    agents,
    skills,
    commands,
    ...(promptsExtensionId ? { promptsExtensionId } : {}),
    notMapped: dedupe(notMapped),
  }
}

const firstLine = (text: string) => text.trim().split('\n')[0]?.slice(0, 200) ?? ''
const dedupe = <T>(items: T[]) => [...new Map(items.map((item) => [JSON.stringify(item), item])).values()]
