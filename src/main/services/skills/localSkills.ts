/**
 * The person's local skill folders as one catalog for the builtin `skills` server: `~/.agents/skills`
 * and `~/.claude/skills`, and `.agents/skills` / `.claude/skills` under each root folder. The SDK
 * builds and checks the catalog (`SkillsExtension.load`: frontmatter rules, digests, limits, skills
 * holding links skipped with a warning); what is ours is the storage adapter over several folders,
 * because the SDK's `nodeSkillFiles` takes one root and refuses a skill folder that is itself a link,
 * which we follow once (a common way to share one skill between tools).
 */
import { createHash } from 'node:crypto'
import { readdir, realpath, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { SkillsExtension, type SkillCatalog, type SkillFileEntry, type SkillFiles, type SkillWarning } from '@modelcontextprotocol/server/ext/skills'
import { nodeSkillFiles } from '@modelcontextprotocol/server/ext/skills/node'
import type { SkillSourceKind } from '../../../shared/skillsApi'

/** One folder skills are looked for in. `slot` is its segment in the skills' URIs (`skill://<slot>/<name>/SKILL.md`). */
export interface SkillFolder {
  slot: string
  path: string
  source: Exclude<SkillSourceKind, 'server'>
  label: string
}

/** Personal folders first, then each root folder's; `.agents` before `.claude` (the first of a name wins within a kind). */
export function skillFolders(home: string, roots: readonly { path: string; name?: string }[]): SkillFolder[] {
  const folders: SkillFolder[] = [
    { slot: 'personal', path: join(home, '.agents', 'skills'), source: 'personal', label: 'Personal (~/.agents/skills)' },
    { slot: 'personal-claude', path: join(home, '.claude', 'skills'), source: 'personal', label: 'Personal (~/.claude/skills)' },
  ]
  for (const root of roots) {
    // A slot from the folder's path, so a skill keeps its URI (and its consent) when roots are reordered.
    const slug = createHash('sha256').update(root.path).digest('hex').slice(0, 10)
    const name = root.name ?? (basename(root.path) || root.path)
    folders.push({ slot: `project-${slug}`, path: join(root.path, '.agents', 'skills'), source: 'project', label: `Project ${name} (.agents/skills)` })
    folders.push({ slot: `project-${slug}-claude`, path: join(root.path, '.claude', 'skills'), source: 'project', label: `Project ${name} (.claude/skills)` })
  }
  return folders
}

const skipped = new Set(['.git', '.hg', '.svn', 'node_modules'])

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isDirectory(),
    () => false,
  )
}

/**
 * A `SkillFiles` adapter over several folders: the top level lists the folders (by slot), the next
 * their skill folders — a skill folder that is a link is followed once, to where it points — and
 * inside a skill everything goes through the SDK's `nodeSkillFiles`, which reports any link inside
 * as unsupported (the catalog then skips that skill and warns, naming the link).
 */
export function multiFolderSkillFiles(folders: () => readonly SkillFolder[]): SkillFiles {
  const inner = new Map<string, SkillFiles>()
  const folderOf = (slot: string) => folders().find((folder) => folder.slot === slot)
  const skillFiles = async (slot: string, skill: string): Promise<SkillFiles> => {
    const folder = folderOf(slot)
    if (!folder || skill.startsWith('.') || skill.includes('\\')) throw new TypeError(`No skill folder "${slot}/${skill}".`)
    const real = await realpath(join(folder.path, skill))
    let files = inner.get(real)
    if (!files) {
      files = nodeSkillFiles(real)
      inner.set(real, files)
    }
    return files
  }
  const split = (path: string) => path.split('/').filter((part) => part !== '')
  return {
    async list(dir) {
      const parts = split(dir)
      if (parts.length === 0) {
        const present: SkillFileEntry[] = []
        for (const folder of folders()) if (await isDirectory(folder.path)) present.push({ name: folder.slot, kind: 'directory' })
        return present
      }
      if (parts.length === 1) {
        const folder = folderOf(parts[0]!)
        if (!folder) return []
        const entries = await readdir(folder.path, { withFileTypes: true }).catch(() => [])
        const skills: SkillFileEntry[] = []
        for (const entry of entries) {
          if (entry.name.startsWith('.') || skipped.has(entry.name)) continue
          if (entry.isDirectory()) skills.push({ name: entry.name, kind: 'directory' })
          // A linked skill folder is followed once; a link to anything else is left out.
          else if (entry.isSymbolicLink() && (await isDirectory(join(folder.path, entry.name)))) skills.push({ name: entry.name, kind: 'directory' })
        }
        return skills
      }
      const files = await skillFiles(parts[0]!, parts[1]!)
      return files.list(parts.slice(2).join('/'))
    },
    async read(path) {
      const parts = split(path)
      if (parts.length < 3) throw new TypeError(`"${path}" is not a file of a skill.`)
      const files = await skillFiles(parts[0]!, parts[1]!)
      return files.read(parts.slice(2).join('/'))
    },
  }
}

/** The local catalog: built once, reloaded when folders or skills change; warnings of the last build kept. */
export interface LocalSkills {
  catalog: SkillCatalog
  folders(): readonly SkillFolder[]
  /** Problems of the last scan: a skill skipped, its folder and why. */
  problems(): readonly SkillWarning[]
  /** Scans again; resolves with whether anything changed. */
  reload(): Promise<boolean>
  /** The folder of a skill by its SKILL.md URI, and the folder it was found in. */
  locate(uri: string): { folder: SkillFolder; path: string } | undefined
}

export async function openLocalSkills(folders: () => readonly SkillFolder[]): Promise<LocalSkills> {
  let warnings: SkillWarning[] = []
  let next: SkillWarning[] = []
  const catalog = await SkillsExtension.load(multiFolderSkillFiles(folders), { pageSize: Infinity, onWarning: (warning) => void next.push(warning) })
  warnings = next
  return {
    catalog,
    folders,
    problems: () => warnings,
    async reload() {
      next = []
      const changes = await catalog.reload()
      warnings = next
      return changes.added.length + changes.removed.length + changes.changed.length > 0
    },
    locate(uri) {
      const match = /^skill:\/\/([^/]+)\/([^/]+)\/SKILL\.md$/.exec(uri)
      const folder = match && folders().find((candidate) => candidate.slot === match[1])
      return folder && match ? { folder, path: join(folder.path, match[2]!) } : undefined
    },
  }
}
