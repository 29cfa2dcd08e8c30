/**
 * Importing command hooks (docs/guide/hooks.md): from pasted settings text, or from the
 * usual files on this computer — Claude Code's ~/.claude/settings.json and each root folder's
 * .claude/settings.json and settings.local.json, VS Code's hook files (.github/hooks/*.json in each
 * root, ~/.copilot/hooks/*.json, the files its `chat.hookFilesLocations` setting names) and a `hooks`
 * block in VS Code's own settings.json. The preview says what will be imported; an import saves the
 * chosen hooks, each of which waits for the person to approve its exact command line.
 */
import { readdir, readFile, stat } from 'node:fs/promises'
import { homedir } from 'node:os'
import { basename, dirname, isAbsolute, join } from 'node:path'
import { hookSubject, type Hook, type HookImportCandidate, type HookImportPreview, type HookInput } from '../../../shared/hooksApi'
import { configLocation, type ImportEnvironment } from '../../extensions/importers/configLocations'
import { parseJsonText } from '../../extensions/importers/jsonText'
import { readHooksBlock, type HookSource } from '../../hooks/commandHooks/importHooks'

/** Far more than any settings file; a larger one is not read. */
const MAX_FILE_BYTES = 1_000_000

export interface HookImportOptions {
  hooks: () => readonly Hook[]
  save: (input: HookInput) => Promise<Hook>
  /** The root folders (Settings → Folders): their project settings are read too. */
  roots: () => readonly string[]
  environment?: () => ImportEnvironment
}

export interface HookImport {
  preview(request: { json?: string }): Promise<HookImportPreview>
  run(request: { json?: string; keys: readonly string[] }): Promise<{ saved: Hook[]; problems: string[] }>
}

type Found = { source: HookSource; text?: string; problem?: string }

async function readSmallFile(path: string): Promise<Pick<Found, 'text' | 'problem'>> {
  try {
    const info = await stat(path)
    if (!info.isFile()) return { problem: 'it is not a file' }
    if (info.size > MAX_FILE_BYTES) return { problem: `it is ${info.size} bytes, far more than a settings file; it was not read` }
    return { text: await readFile(path, 'utf8') }
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? {} : { problem: `it could not be read (${(error as Error).message})` }
  }
}

async function jsonFilesIn(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((name) => name.endsWith('.json')).sort().map((name) => join(folder, name))
  } catch {
    return []
  }
}

/** The locations VS Code's `chat.hookFilesLocations` names (an object of path → true, or a list), made absolute. */
function vscodeHookLocations(settingsText: string | undefined, home: string, roots: readonly string[]): string[] {
  if (!settingsText) return []
  const parsed = parseJsonText(settingsText, 'VS Code settings')
  const value = parsed.ok ? (parsed.value as Record<string, unknown> | null)?.['chat.hookFilesLocations'] : undefined
  const names = Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : value && typeof value === 'object' ? Object.entries(value).flatMap(([name, on]) => (on === true ? [name] : [])) : []
  return names.flatMap((name) => (name.startsWith('~/') ? [join(home, name.slice(2))] : isAbsolute(name) ? [name] : roots.map((root) => join(root, name))))
}

async function filesOnThisComputer(environment: ImportEnvironment, roots: readonly string[]): Promise<Found[]> {
  const { home } = environment
  const vscodeSettings = join(dirname(configLocation('vscode', environment).path), 'settings.json')
  const settingsRead = await readSmallFile(vscodeSettings)
  const located: HookSource[] = [{ path: join(home, '.claude', 'settings.json'), label: 'Claude Code, your settings' }]
  for (const root of roots) {
    const project = basename(root) || root
    located.push({ path: join(root, '.claude', 'settings.json'), label: `Claude Code, project ${project}`, root })
    located.push({ path: join(root, '.claude', 'settings.local.json'), label: `Claude Code, project ${project} (local)`, root })
    for (const path of await jsonFilesIn(join(root, '.github', 'hooks'))) located.push({ path, label: `VS Code, project ${project}`, root })
  }
  for (const path of await jsonFilesIn(join(home, '.copilot', 'hooks'))) located.push({ path, label: 'VS Code, your hooks' })
  for (const location of vscodeHookLocations(settingsRead.text, home, roots)) {
    const files = location.endsWith('.json') ? [location] : await jsonFilesIn(location)
    for (const path of files) located.push({ path, label: 'VS Code, chat.hookFilesLocations', root: roots.find((root) => path.startsWith(root)) })
  }
  const found: Found[] = await Promise.all(located.map(async (source) => ({ source, ...(await readSmallFile(source.path)) })))
  // VS Code's settings.json is only a source when it holds a hooks block itself.
  if (settingsRead.text && /"hooks"\s*:/.test(settingsRead.text)) found.push({ source: { path: vscodeSettings, label: 'VS Code, your settings' }, text: settingsRead.text })
  return found
}

const realEnvironment = (): ImportEnvironment => ({ home: homedir(), env: process.env, platform: process.platform })

export function createHookImport(options: HookImportOptions): HookImport {
  const environment = options.environment ?? realEnvironment

  const plan = async (request: { json?: string }): Promise<HookImportPreview> => {
    const env = environment()
    const found: Found[] = request.json !== undefined ? [{ source: { path: 'pasted', label: 'Pasted settings' }, text: request.json }] : await filesOnThisComputer(env, options.roots())
    const existing = new Set(options.hooks().map((hook) => `${hook.event}\u0000${hookSubject(hook)}`))
    const preview: HookImportPreview = { sources: [], hooks: [], skipped: [] }
    const keys = new Set<string>()
    for (const { source, text, problem } of found) {
      if (text === undefined) {
        preview.sources.push({ path: source.path, label: source.label, found: 0, ...(problem ? { problem } : { problem: 'not there' }) })
        continue
      }
      const read = readHooksBlock(text, source, env.platform)
      // Identical hooks in several files run once (as in Claude Code).
      const fresh = read.hooks.filter((hook) => !keys.has(hook.key) && keys.add(hook.key))
      preview.sources.push({ path: source.path, label: source.label, found: fresh.length, ...(read.problem ? { problem: read.problem } : {}) })
      preview.skipped.push(...read.skipped)
      const candidates: HookImportCandidate[] = fresh.map((hook) => ({ ...hook, exists: existing.has(`${hook.event}\u0000${hookSubject({ command: hook.command })}`) }))
      preview.hooks.push(...candidates)
    }
    return preview
  }

  return {
    preview: plan,
    async run(request) {
      const preview = await plan(request)
      const known = new Map(preview.hooks.map((hook) => [hook.key, hook]))
      const missing = request.keys.filter((key) => !known.has(key))
      // Keys from a preview that no longer matches could import the wrong command; import none.
      if (missing.length > 0) return { saved: [], problems: ['Nothing was imported: the chosen hooks are not in this settings text any more. Preview it again and choose again.'] }
      const saved: Hook[] = []
      const problems: string[] = []
      for (const key of request.keys) {
        const hook = known.get(key)
        if (!hook || hook.exists) continue
        try {
          saved.push(await options.save({ name: hook.name, event: hook.event, command: hook.command, timeoutMs: hook.timeoutMs }))
        } catch (error) {
          problems.push(`"${hook.name}" was not imported: ${(error as Error).message}`)
        }
      }
      return { saved, problems }
    },
  }
}
