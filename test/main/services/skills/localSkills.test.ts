/** The local skill folders as one catalog: links, folder order, problems named, changes seen on reload. */
import { cp, mkdir, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openLocalSkills, skillFolders } from '../../../../src/main/services/skills/localSkills'
import { tempDir } from '../../../helpers/tempDir'
import { skillFixtures } from './skillsWorld'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function home() {
  const dir = await tempDir('switchboard-local-skills-')
  cleanups.push(dir.remove)
  return dir.path
}

describe('local skill folders', () => {
  it('follows a skill folder that is itself a link (once), and skips a skill holding a link, naming the skill and the link', async () => {
    const root = await home()
    const shared = join(root, 'shared', 'commit-messages')
    await cp(join(skillFixtures, 'commit-messages'), shared, { recursive: true })
    await mkdir(join(root, '.agents', 'skills'), { recursive: true })
    await symlink(shared, join(root, '.agents', 'skills', 'commit-messages'))
    await cp(join(skillFixtures, 'pdf-forms'), join(root, '.agents', 'skills', 'pdf-forms'), { recursive: true })
    await symlink('/etc/hostname', join(root, '.agents', 'skills', 'pdf-forms', 'references', 'host.md'))
    const local = await openLocalSkills(() => skillFolders(root, []))
    expect(local.catalog.entries.map((entry) => entry.uri)).toEqual(['skill://personal/commit-messages/SKILL.md'])
    expect(local.problems()).toEqual([{ path: 'personal/pdf-forms/references/host.md', message: expect.stringMatching(/symlinks .* are not followed.*skill skipped/) }])
    expect(local.locate('skill://personal/commit-messages/SKILL.md')?.path).toBe(join(root, '.agents', 'skills', 'commit-messages'))
  })

  it('looks in ~/.agents/skills, ~/.claude/skills and each root folder, keeps a project skill URI when roots are reordered, and sees changes on reload', async () => {
    const root = await home()
    const projectA = join(root, 'a')
    const projectB = join(root, 'b')
    await mkdir(join(projectB, '.claude', 'skills'), { recursive: true })
    await cp(join(skillFixtures, 'release-notes'), join(projectB, '.claude', 'skills', 'release-notes'), { recursive: true })
    let roots = [{ path: projectA }, { path: projectB }]
    const local = await openLocalSkills(() => skillFolders(root, roots))
    const [uri] = local.catalog.entries.map((entry) => entry.uri)
    expect(uri).toMatch(/^skill:\/\/project-[0-9a-f]{10}-claude\/release-notes\/SKILL\.md$/)
    expect(local.locate(uri!)?.folder).toMatchObject({ source: 'project', label: 'Project b (.claude/skills)' })
    roots = [{ path: projectB }]
    expect(await local.reload()).toBe(false)
    expect(local.catalog.entries.map((entry) => entry.uri)).toEqual([uri])
    await writeFile(join(projectB, '.claude', 'skills', 'release-notes', 'SKILL.md'), '---\nname: release-notes\ndescription: Changed.\n---\nNew.\n')
    expect(await local.reload()).toBe(true)
    await rm(join(projectB, '.claude'), { recursive: true })
    await local.reload()
    expect(local.catalog.entries).toEqual([])
  })
})
