/**
 * Adding, creating and removing skills through the host API (skill_add, skill_remove), and every bad
 * input refused whole with a clear error and nothing left behind in ~/.agents/skills.
 */
import { cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../helpers/hostCalls'
import { startTestHost, type TestHost } from '../../../helpers/testHost'
import { tempDir } from '../../../helpers/tempDir'
import { renameEntry, zip } from '../../extensions/bundles/bundleFixtures'
import { SkillsResourceSchema, SKILLS_URI } from '../../../../src/shared/hostApi'
import { read } from '../../../helpers/hostCalls'
import type { Client } from '@modelcontextprotocol/client'
import { skillFixtures } from './skillsWorld'

const MiB = 1024 * 1024
let scratch: Awaited<ReturnType<typeof tempDir>>
let host: TestHost
let client: Client
let home: string
const personal = () => join(home, '.agents', 'skills')
/** What is in the personal folder, dot entries (staging) included: nothing may be left behind. */
const personalEntries = async () => (await readdir(personal()).catch(() => [] as string[])).sort()

const refused = async (args: Record<string, unknown>, message: RegExp) => {
  const before = await personalEntries()
  await expect(call(client, 'skill_add', args)).rejects.toThrow(message)
  expect(await personalEntries()).toEqual(before)
}

const skillMd = (name: string, description = `The ${name} skill.`) => `---\nname: ${name}\ndescription: ${description}\n---\n\nDo ${name} things.\n`

beforeAll(async () => {
  scratch = await tempDir('switchboard-skill-import-')
  home = join(scratch.path, 'home')
  await mkdir(home)
  host = await startTestHost(join(scratch.path, 'data'), { skillsHome: home })
  client = (await host.connectOverPorts()).client
}, 60_000)

afterAll(async () => {
  await host?.stop()
  await scratch?.remove()
})

describe('adding skills', () => {
  it('adds a skill folder: copied into ~/.agents/skills, listed, and on (the person chose it)', async () => {
    const result = await call(client, 'skill_add', { path: join(skillFixtures, 'pdf-forms') })
    expect(result.structuredContent).toEqual({ added: [{ name: 'pdf-forms', path: join(personal(), 'pdf-forms') }] })
    expect(await readFile(join(personal(), 'pdf-forms', 'references', 'FORMS.md'), 'utf8')).toContain('Form field names')
    const { skills } = await read(client, SKILLS_URI, SkillsResourceSchema)
    expect(skills.find((skill) => skill.name === 'pdf-forms')).toMatchObject({ state: 'enabled', source: 'personal' })
    expect(await personalEntries()).toEqual(['pdf-forms'])
  })

  it('adds every skill of a .zip, or none', async () => {
    const archive = join(scratch.path, 'two.zip')
    await writeFile(archive, await zip({ 'bundle/alpha/SKILL.md': skillMd('alpha'), 'bundle/beta/SKILL.md': skillMd('beta'), 'bundle/beta/notes/a.md': 'notes' }))
    const result = await call(client, 'skill_add', { path: archive })
    expect((result.structuredContent as { added: { name: string }[] }).added.map((skill) => skill.name).sort()).toEqual(['alpha', 'beta'])
    const bad = join(scratch.path, 'half.zip')
    await writeFile(bad, await zip({ 'gamma/SKILL.md': skillMd('gamma'), 'delta/SKILL.md': '---\nname: delta\n---\nno description\n' }))
    await refused({ path: bad }, /delta\/SKILL\.md: "description" is missing/)
    expect(await personalEntries()).not.toContain('gamma')
  })

  it('creates a skill in the app, written to ~/.agents/skills/<name>/SKILL.md', async () => {
    await call(client, 'skill_add', { create: { name: 'weekly-report', description: 'Write the weekly status report: done, next, blocked.', body: '# Weekly report\n\nThree headings, one line each.' } })
    const text = await readFile(join(personal(), 'weekly-report', 'SKILL.md'), 'utf8')
    expect(text).toBe('---\nname: weekly-report\ndescription: "Write the weekly status report: done, next, blocked."\n---\n\n# Weekly report\n\nThree headings, one line each.\n')
    await refused({ create: { name: 'Weekly Report', description: 'x', body: '' } }, /"name" must be lowercase letters, digits and single hyphens/)
  })

  it('removes a personal skill (its folder), and only that', async () => {
    const { skills } = await read(client, SKILLS_URI, SkillsResourceSchema)
    const alpha = skills.find((skill) => skill.name === 'alpha')!
    await call(client, 'skill_remove', { extensionId: 'skills', uri: alpha.uri })
    expect(await personalEntries()).not.toContain('alpha')
    expect((await read(client, SKILLS_URI, SkillsResourceSchema)).skills.map((skill) => skill.name)).not.toContain('alpha')
  })
})

describe('bad inputs are refused whole, with a clear error, leaving nothing behind', () => {
  it('malformed frontmatter: one error per problem', async () => {
    const dir = join(scratch.path, 'bad-skill', 'Bad_Name')
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, 'SKILL.md'), `---\nname: Bad_Name\ndescription: ""\ncompatibility: ${'x'.repeat(501)}\n---\nbody\n`)
    const before = await personalEntries()
    const error = await call(client, 'skill_add', { path: dir }).then(
      () => undefined,
      (thrown: Error) => thrown,
    )
    expect(error?.message.split('\n')).toEqual([
      'Bad_Name/SKILL.md: "name" must be lowercase letters, digits and single hyphens (not at the start or end), e.g. "pdf-forms"; "Bad_Name" is not.',
      'Bad_Name/SKILL.md: "description" is missing; say what the skill does and when to use it.',
      'Bad_Name/SKILL.md: "compatibility" must be a text of at most 500 characters.',
    ])
    expect(await personalEntries()).toEqual(before)
    await writeFile(join(dir, 'SKILL.md'), '---\nname: [unclosed\n---\n')
    await refused({ path: dir }, /the frontmatter is not valid YAML/)
    await writeFile(join(dir, 'SKILL.md'), 'no frontmatter at all\n')
    await refused({ path: dir }, /has no frontmatter/)
  })

  it('a .zip with ../ paths or links', async () => {
    const escaping = join(scratch.path, 'escape.zip')
    await writeFile(escaping, renameEntry(await zip({ 'sneaky/SKILL.md': skillMd('sneaky'), 'sneaky/xx/a.md': 'x' }), 'sneaky/xx/a.md', 'sneaky/../a.md'))
    await refused({ path: escaping }, /"sneaky\/\.\.\/a\.md" was refused/)
    const linked = join(scratch.path, 'link.zip')
    await writeFile(linked, await zip({ 'linky/SKILL.md': skillMd('linky'), 'linky/passwd': { data: '/etc/passwd', mode: 0o120777 } }))
    await refused({ path: linked }, /"linky\/passwd" is a symbolic link/)
  })

  it('a link inside a skill folder, naming the skill and the link', async () => {
    const dir = join(scratch.path, 'linked', 'linky')
    await cp(join(skillFixtures, 'commit-messages'), dir, { recursive: true })
    await symlink('/etc/hostname', join(dir, 'host.txt'))
    const source = join(scratch.path, 'linked', 'linky', 'SKILL.md')
    await writeFile(source, skillMd('linky'))
    await refused({ path: dir }, /Skill "linky" contains a link, host\.txt/)
  })

  it('a skill over 512 files', async () => {
    const files: Record<string, string> = { 'many/SKILL.md': skillMd('many') }
    for (let index = 0; index < 512; index++) files[`many/parts/${index}.md`] = `part ${index}`
    const archive = join(scratch.path, 'many.zip')
    await writeFile(archive, await zip(files))
    await refused({ path: archive }, /Skill "many" has more than 512 files/)
  })

  it('a skill over 16 MiB, and one file over 16 MiB', async () => {
    const big = join(scratch.path, 'big', 'big')
    await mkdir(big, { recursive: true })
    await writeFile(join(big, 'SKILL.md'), skillMd('big'))
    await writeFile(join(big, 'a.bin'), Buffer.alloc(9 * MiB, 1))
    await writeFile(join(big, 'b.bin'), Buffer.alloc(9 * MiB, 2))
    await refused({ path: big }, /Skill "big" holds more than 16 MB|Skill "big" holds more than 16 MiB/)
    const huge = join(scratch.path, 'huge', 'huge')
    await mkdir(huge, { recursive: true })
    await writeFile(join(huge, 'SKILL.md'), skillMd('huge'))
    await writeFile(join(huge, 'data.bin'), Buffer.alloc(17 * MiB, 3))
    await refused({ path: huge }, /Skill "huge": data\.bin is 17(\.0)? Mi?B, more than the 16(\.0)? Mi?B a whole skill may hold/)
  })

  it('a name that exists already, and something that is not a skill', async () => {
    await refused({ path: join(skillFixtures, 'pdf-forms') }, /A skill named "pdf-forms" is in .* already/)
    await refused({ path: join(scratch.path, 'nothing-here') }, /Nothing is at/)
    const empty = join(scratch.path, 'empty')
    await mkdir(empty)
    await refused({ path: empty }, /holds no SKILL\.md/)
  })
})
