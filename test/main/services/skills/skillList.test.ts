/**
 * The model's list of skills: names and descriptions of the enabled skills only, a few tokens each
 * beyond their own text, and past SKILL_LIST_TOKEN_CAP every description cut at DESCRIPTION_CUT
 * characters (the full text comes with load_skill). Real builtin skills server over the real
 * extension core, as in the app.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createBuiltinRegistry } from '../../../../src/main/builtins'
import { createExtensionsCore, parseExtensionConfig } from '../../../../src/main/extensions'
import { tokensOf } from '../../../../src/main/agent/toolSearch/tokenWeight'
import { DESCRIPTION_CUT, SKILL_LIST_TOKEN_CAP, createSkillService, type SkillService } from '../../../../src/main/services/skills/skillService'
import { poll } from '../../../helpers/hostCalls'
import { tempDir } from '../../../helpers/tempDir'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function serviceWith(skills: { name: string; description: string }[]): Promise<SkillService> {
  const dir = await tempDir('switchboard-skill-list-')
  cleanups.push(dir.remove)
  for (const skill of skills) {
    await mkdir(join(dir.path, '.agents', 'skills', skill.name), { recursive: true })
    await writeFile(join(dir.path, '.agents', 'skills', skill.name, 'SKILL.md'), `---\nname: ${skill.name}\ndescription: ${JSON.stringify(skill.description)}\n---\n\nDo it.\n`)
  }
  const parsed = parseExtensionConfig({ id: 'skills', name: 'Skills', type: 'builtin', builtin: 'skills', trust: 'trusted' })
  if (!parsed.ok) throw new Error(parsed.errors.join())
  const made: { service?: SkillService } = {}
  const core = createExtensionsCore({
    configs: [parsed.config],
    store: { save: () => {} },
    resolveSecrets: async () => ({}),
    builtins: createBuiltinRegistry({ appVersion: '0' }, { skills: () => ({ catalog: made.service!.local.catalog, load: (input, caller) => made.service!.load(input, caller) }) }),
    clientInfo: { name: 'test', version: '0' },
  })
  const service = await createSkillService({ dataDir: dir.path, home: dir.path, roots: () => [], manager: core.manager, tools: () => [], callerOf: () => undefined })
  made.service = service
  core.start()
  cleanups.push(async () => {
    service.stop()
    await core.stop()
  })
  await poll(async () => service.view().skills.length, (count) => count === skills.length, 'the skills to be listed')
  for (const skill of service.view().skills) await service.setEnabled({ extensionId: 'skills', uri: skill.uri, enabled: true, scope: 'global' })
  return service
}

describe("the model's list of skills", () => {
  it('costs a few tokens a skill beyond each name and description', async () => {
    const skills = Array.from({ length: 12 }, (_, index) => ({ name: `task-${index}`, description: `Handle task number ${index} the way the team does it. Use when asked about task ${index}.` }))
    const service = await serviceWith(skills)
    const prompt = service.promptFor({ sessionId: 's' })!
    const lines = prompt.split('\n')
    expect(lines).toHaveLength(13)
    expect(lines.slice(1)).toContain('- task-3: Handle task number 3 the way the team does it. Use when asked about task 3.')
    const own = skills.reduce((total, skill) => total + tokensOf(skill.name) + tokensOf(skill.description), 0)
    expect((tokensOf(prompt) - tokensOf(lines[0]!) - own) / skills.length).toBeLessThanOrEqual(10)
  })

  it(`past ${SKILL_LIST_TOKEN_CAP} tokens, cuts every description at ${DESCRIPTION_CUT} characters`, async () => {
    const long = (index: number) => `Skill ${index}: ${'a long explanation of when and how to use this particular skill, with details '.repeat(4)}end.`
    const skills = Array.from({ length: 40 }, (_, index) => ({ name: `long-${index}`, description: long(index) }))
    const service = await serviceWith(skills)
    const prompt = service.promptFor({ sessionId: 's' })!
    const lines = prompt.split('\n').slice(1)
    expect(lines).toHaveLength(40)
    for (const line of lines) {
      const description = line.slice(line.indexOf(': ') + 2)
      expect(description.length).toBeLessThanOrEqual(DESCRIPTION_CUT)
      expect(description.length).toBeGreaterThan(DESCRIPTION_CUT - 5)
      expect(description.endsWith('…')).toBe(true)
    }
    // Without the cut the list would pass the cap.
    expect(tokensOf(skills.map((skill) => `- ${skill.name}: ${skill.description}`).join('\n'))).toBeGreaterThan(SKILL_LIST_TOKEN_CAP)
  })

  it('with so many skills that even cut descriptions pass the cap, lists names only', async () => {
    const skills = Array.from({ length: 150 }, (_, index) => ({ name: `many-${index}`, description: `Handle case ${index}: ${'with a description long enough to be cut at the documented length, and more. '.repeat(3)}` }))
    const service = await serviceWith(skills)
    const prompt = service.promptFor({ sessionId: 's' })!
    const lines = prompt.split('\n')
    expect(lines[1]).toMatch(/by name only/)
    expect(lines.slice(2)).toHaveLength(150)
    expect(lines).toContain('- many-7')
    expect(tokensOf(prompt)).toBeLessThanOrEqual(SKILL_LIST_TOKEN_CAP)
  })
})
