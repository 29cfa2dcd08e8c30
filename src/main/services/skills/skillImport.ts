/**
 * Putting skills into the personal folder (`~/.agents/skills/<name>/`): from a folder, from a .zip,
 * or written new in the app. Whatever comes in is staged beside the target first, checked whole —
 * frontmatter (one error per problem), no links, at most SKILL_LIMITS (512 files, 16 MiB) — and only
 * then moved into place, every skill of one import or none: nothing is ever half-imported.
 */
import { randomUUID } from 'node:crypto'
import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { basename, join, relative, sep } from 'node:path'
import { skillEntry } from '@modelcontextprotocol/server/ext/skills'
import { SKILL_LIMITS } from '@modelcontextprotocol/server/ext/skills'
import { formatBytes } from '../../../shared/format'

export class SkillImportError extends Error {
  override name = 'SkillImportError'
}

const NAME_RULE = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Every problem with a SKILL.md's frontmatter, one sentence each; empty when it is fine. `folder` is the skill folder's name. */
export async function frontmatterProblems(text: string, folder: string): Promise<string[]> {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---(\r?\n|$)/.exec(text)
  if (!match) return [`${folder}/SKILL.md has no frontmatter: it must start with a line "---", then "name:" and "description:", then "---".`]
  // yaml loads with the first skill or plugin read, not at start (bench/startup.ts).
  const { parse: parseYaml } = await import('yaml')
  let data: unknown
  try {
    data = parseYaml(match[1]!)
  } catch (error) {
    return [`${folder}/SKILL.md: the frontmatter is not valid YAML (${(error as Error).message.split('\n')[0]}).`]
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [`${folder}/SKILL.md: the frontmatter must be a list of "key: value" lines.`]
  const fields = data as Record<string, unknown>
  const problems: string[] = []
  const name = fields.name
  if (typeof name !== 'string' || name === '') problems.push(`${folder}/SKILL.md: "name" is missing; add "name: ${folder}".`)
  else {
    if (name.length > 64) problems.push(`${folder}/SKILL.md: "name" is ${name.length} characters; at most 64 are allowed.`)
    if (!NAME_RULE.test(name)) problems.push(`${folder}/SKILL.md: "name" must be lowercase letters, digits and single hyphens (not at the start or end), e.g. "pdf-forms"; "${name}" is not.`)
    if (name !== folder) problems.push(`${folder}/SKILL.md: "name" is "${name}" but the folder is "${folder}"; they must be the same.`)
  }
  const description = fields.description
  if (typeof description !== 'string' || description.trim() === '') problems.push(`${folder}/SKILL.md: "description" is missing; say what the skill does and when to use it.`)
  else if (description.length > 1024) problems.push(`${folder}/SKILL.md: "description" is ${description.length} characters; at most 1,024 are allowed.`)
  if (fields.compatibility !== undefined && (typeof fields.compatibility !== 'string' || fields.compatibility.length > 500)) problems.push(`${folder}/SKILL.md: "compatibility" must be a text of at most 500 characters.`)
  if (fields.metadata !== undefined && (typeof fields.metadata !== 'object' || fields.metadata === null || Array.isArray(fields.metadata))) problems.push(`${folder}/SKILL.md: "metadata" must be a map of keys to values.`)
  return problems
}

/** Reads a staged skill folder whole, refusing links and anything over the limits (the skill's name in each error). */
async function readSkillFolder(dir: string, label: string): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {}
  let bytes = 0
  let count = 0
  const walk = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = join(current, entry.name)
      const rel = relative(dir, full).split(sep).join('/')
      if (entry.isSymbolicLink()) throw new SkillImportError(`Skill "${label}" contains a link, ${rel}; links inside a skill are not allowed (they can point anywhere). Replace it with the file itself.`)
      if (entry.isDirectory()) {
        await walk(full)
        continue
      }
      if (!entry.isFile()) throw new SkillImportError(`Skill "${label}" contains ${rel}, which is not a regular file.`)
      const size = (await lstat(full)).size
      if (size > SKILL_LIMITS.bytes) throw new SkillImportError(`Skill "${label}": ${rel} is ${formatBytes(size)}, more than the ${formatBytes(SKILL_LIMITS.bytes)} a whole skill may hold.`)
      count += 1
      bytes += size
      if (count > SKILL_LIMITS.files) throw new SkillImportError(`Skill "${label}" has more than ${SKILL_LIMITS.files} files; a skill may hold at most ${SKILL_LIMITS.files}.`)
      if (bytes > SKILL_LIMITS.bytes) throw new SkillImportError(`Skill "${label}" holds more than ${formatBytes(SKILL_LIMITS.bytes)}; a skill may hold at most that much.`)
      files[rel] = await readFile(full)
    }
  }
  await walk(dir)
  return files
}

/** Checks one staged skill folder; throws with every problem of its frontmatter. */
async function checkSkill(dir: string): Promise<string> {
  const folder = basename(dir)
  const files = await readSkillFolder(dir, folder)
  const manifest = files['SKILL.md']
  if (!manifest) throw new SkillImportError(`"${folder}" has no SKILL.md, so it is not a skill.`)
  const problems = await frontmatterProblems(Buffer.from(manifest).toString('utf8'), folder)
  if (problems.length > 0) throw new SkillImportError(problems.join('\n'))
  // The SDK's own checks too (the same ones a skills server applies), so what we accept it serves.
  await skillEntry(folder, files).catch((error: Error) => {
    throw new SkillImportError(`Skill "${folder}": ${error.message}`)
  })
  return folder
}

/** The skill folders in a staged tree: the tree itself when it holds SKILL.md, else its children (and their children) that do. */
async function findSkills(dir: string, depth = 0): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  if (entries.some((entry) => entry.isFile() && entry.name === 'SKILL.md')) return [dir]
  if (depth >= 3) return []
  const found: string[] = []
  for (const entry of entries) if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== '__MACOSX') found.push(...(await findSkills(join(dir, entry.name), depth + 1)))
  return found
}

/** Copies a folder into `target`, refusing links and anything over the limits on the way. */
async function copyFolder(from: string, to: string, label: string): Promise<void> {
  const files = await readSkillFolder(from, label)
  for (const [path, bytes] of Object.entries(files)) {
    const target = join(to, ...path.split('/'))
    await mkdir(join(target, '..'), { recursive: true })
    await writeFile(target, bytes, { flag: 'wx' })
  }
}

export interface ImportedSkill {
  name: string
  path: string
}

/**
 * Stages, checks and moves in. `stage` fills the staging folder; every skill found there must pass,
 * and none may exist already, before the first is moved into `personalDir`.
 */
async function importStaged(personalDir: string, stage: (dir: string) => Promise<void>): Promise<ImportedSkill[]> {
  await mkdir(personalDir, { recursive: true })
  // Beside the target, so the final move is a rename on one disk; a dot name, so no scan sees it.
  const staging = join(personalDir, `.switchboard-import-${randomUUID()}`)
  await mkdir(staging, { recursive: true })
  try {
    await stage(staging)
    const skills = await findSkills(staging)
    if (skills.length === 0) throw new SkillImportError('No skill was found: a skill is a folder with a SKILL.md file in it.')
    const names = new Set<string>()
    for (const dir of skills) {
      const name = await checkSkill(dir)
      if (names.has(name)) throw new SkillImportError(`Two skills are named "${name}"; keep one.`)
      names.add(name)
      const exists = await lstat(join(personalDir, name)).then(
        () => true,
        () => false,
      )
      if (exists) throw new SkillImportError(`A skill named "${name}" is in ${personalDir} already; remove it first or rename the new one.`)
    }
    const moved: ImportedSkill[] = []
    try {
      for (const dir of skills) {
        const target = join(personalDir, basename(dir))
        await rename(dir, target)
        moved.push({ name: basename(dir), path: target })
      }
    } catch (error) {
      // All or nothing: what was moved in goes again.
      await Promise.all(moved.map((skill) => rm(skill.path, { recursive: true, force: true })))
      throw error
    }
    return moved
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

/** Adds the skill folder (or folder of skills) at `path`, or the skills in the .zip at `path`. */
export async function importSkills(personalDir: string, path: string): Promise<ImportedSkill[]> {
  const info = await lstat(path).catch(() => undefined)
  if (!info) throw new SkillImportError(`Nothing is at ${path}; choose a skill folder or a .zip.`)
  if (info.isDirectory()) {
    return importStaged(personalDir, async (staging) => {
      const sources = await findSkills(path)
      if (sources.length === 0) throw new SkillImportError(`${path} holds no SKILL.md, so it is not a skill folder.`)
      for (const source of sources) await copyFolder(source, join(staging, basename(source)), basename(source))
    })
  }
  if (info.isFile() && path.toLowerCase().endsWith('.zip')) {
    if (info.size > 4 * SKILL_LIMITS.bytes) throw new SkillImportError(`The .zip is ${formatBytes(info.size)}; a skill may hold at most ${formatBytes(SKILL_LIMITS.bytes)}.`)
    const zip = await readFile(path)
    // The unzipper (yauzl) loads on first use, as for bundles: never on the start path (test/lint/startPath.test.ts).
    const { unzipBundle, BundleArchiveError } = await import('../../extensions/bundles/unzipBundle')
    return importStaged(personalDir, async (staging) => {
      try {
        await unzipBundle(zip, staging, { maxEntries: 4 * SKILL_LIMITS.files, maxTotalBytes: SKILL_LIMITS.bytes, maxEntryBytes: SKILL_LIMITS.bytes, maxRatio: 200, ratioFloorBytes: 1024 * 1024 })
      } catch (error) {
        if (error instanceof BundleArchiveError) throw new SkillImportError(error.message.replace(/\bbundles?\b/gi, (word) => (word.toLowerCase() === 'bundle' ? 'zip' : 'zips')))
        throw error
      }
    })
  }
  throw new SkillImportError(`${path} is neither a folder nor a .zip; choose a skill folder or a .zip of one.`)
}

/** Writes a new skill into `personalDir/<name>/SKILL.md`. */
export async function createSkill(personalDir: string, input: { name: string; description: string; body: string }): Promise<ImportedSkill[]> {
  const name = input.name.trim()
  return importStaged(personalDir, async (staging) => {
    const { stringify: stringifyYaml } = await import('yaml')
    const frontmatter = stringifyYaml({ name, description: input.description.trim() }).trimEnd()
    const dir = join(staging, NAME_RULE.test(name) ? name : 'new-skill')
    await mkdir(dir)
    const text = `---\n${frontmatter}\n---\n\n${input.body.trim()}\n`
    const problems = await frontmatterProblems(text, name)
    if (problems.length > 0) throw new SkillImportError(problems.join('\n'))
    await writeFile(join(dir, 'SKILL.md'), text, { flag: 'wx' })
  })
}
