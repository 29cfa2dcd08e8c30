/** A real host whose home and root folder hold realistic skill folders (test/fixtures/skills), and the fixture skills server. */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Client } from '@modelcontextprotocol/client'
import { SkillsResourceSchema, SKILLS_URI, type SkillView } from '../../../../src/shared/hostApi'
import { call, poll, read } from '../../../helpers/hostCalls'
import { startTestHost, type TestHost } from '../../../helpers/testHost'
import { tempDir } from '../../../helpers/tempDir'

export const skillFixtures = fileURLToPath(new URL('../../../fixtures/skills', import.meta.url))
export const skillsServerPath = fileURLToPath(new URL('../../../fixtures/servers/skillsFixtureServer.mjs', import.meta.url))

export interface SkillsWorld {
  test: TestHost
  client: Client
  home: string
  project: string
  /** Every URI the fixture server was asked to read, in order. */
  serverReads(): Promise<string[]>
  /** Makes the fixture server's refunds skill change (new SKILL.md, new digest). */
  changeServerSkill(): Promise<void>
  skills(): Promise<SkillView[]>
  skill(name: string, extensionId?: string): Promise<SkillView>
  waitFor(what: string, ok: (skills: SkillView[]) => boolean): Promise<SkillView[]>
  stop(): Promise<void>
}

/**
 * Home: ~/.agents/skills/{pdf-forms, commit-messages}, ~/.claude/skills/release-notes. A root folder
 * whose .agents/skills/commit-messages (the project's own) beats the personal one.
 */
export async function skillsWorld(): Promise<SkillsWorld> {
  const scratch = await tempDir('switchboard-skills-')
  const home = join(scratch.path, 'home')
  const project = join(scratch.path, 'my-app')
  for (const name of ['pdf-forms', 'commit-messages']) await cp(join(skillFixtures, name), join(home, '.agents', 'skills', name), { recursive: true })
  await cp(join(skillFixtures, 'release-notes'), join(home, '.claude', 'skills', 'release-notes'), { recursive: true })
  await mkdir(join(project, '.agents', 'skills', 'commit-messages'), { recursive: true })
  await writeFile(
    join(project, '.agents', 'skills', 'commit-messages', 'SKILL.md'),
    '---\nname: commit-messages\ndescription: "This project\'s commit style (Conventional Commits, e.g. feat: or fix:). Use for commits in this repository."\n---\n\nUse `type(scope): subject`; types are feat, fix, docs, chore.\n',
  )
  const dataDir = join(scratch.path, 'data')
  await mkdir(dataDir)
  const test = await startTestHost(dataDir, { skillsHome: home })
  const { client } = await test.connectOverPorts()
  await call(client, 'settings_update', { patch: { roots: [{ path: project }] } })
  const logFile = join(scratch.path, 'server-reads.log')
  const stateFile = join(scratch.path, 'server-state')
  const skills = async () => (await read(client, SKILLS_URI, SkillsResourceSchema)).skills
  const world: SkillsWorld = {
    test,
    client,
    home,
    project,
    serverReads: async () => (await readFile(logFile, 'utf8').catch(() => '')).split('\n').filter((line) => line !== ''),
    changeServerSkill: () => writeFile(stateFile, 'v2'),
    skills,
    skill: async (name, extensionId = 'skills') => {
      const found = (await skills()).find((skill) => skill.name === name && skill.extensionId === extensionId)
      if (!found) throw new Error(`no skill ${name} of ${extensionId}: ${JSON.stringify((await skills()).map((skill) => [skill.extensionId, skill.name]))}`)
      return found
    },
    waitFor: (what, ok) => poll(skills, ok, what),
    stop: async () => {
      await test.stop()
      await scratch.remove()
    },
  }
  Object.assign(world, { logFile, stateFile })
  return world
}

/** The fixture skills server's config (stdio), logging its reads and reading its version from the world's files. */
export function skillsServerConfig(world: SkillsWorld): Record<string, unknown> {
  const { logFile, stateFile } = world as unknown as { logFile: string; stateFile: string }
  return { id: 'acme', name: 'Acme skills', type: 'stdio', command: process.execPath, args: [skillsServerPath, `--log=${logFile}`, `--state=${stateFile}`], trust: 'untrusted' }
}
