/**
 * The client the conformance suite (0.2.0-alpha.12, `conformance-next`) drives for its four SEP-2640
 * client scenarios: Switchboard's real extension core and skills service (the path every skill takes,
 * load_skill included), over a scratch data folder and home. It plays the person: the server's skill
 * is turned on (consent), then loaded as the model would, then the file it names is read.
 * - `sep-2640-client-no-prefetch`: connect, list, exit — nothing read.
 * - `sep-2640-client-verify-*`: load the skill, then its references/FORMS.md; a refused SKILL.md ends
 *   here (exit 1, which the scenarios allow), so FORMS.md is never read.
 *
 * Usage (the suite appends the server URL): tsx test/conformance/skillsConformanceClient.ts <url>
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBuiltinRegistry } from '../../src/main/builtins'
import { createExtensionsCore, parseExtensionConfig } from '../../src/main/extensions'
import { createSkillService } from '../../src/main/services/skills/skillService'

const ID = 'conformance'

async function main(): Promise<number> {
  const url = process.argv.at(-1)
  if (!url?.startsWith('http')) throw new Error('usage: skillsConformanceClient.ts <server-url>')
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? ''
  const scratch = await mkdtemp(join(tmpdir(), 'switchboard-skills-conformance-'))
  const parsed = parseExtensionConfig({ id: ID, name: 'Conformance server', type: 'streamable-http', url, trust: 'trusted' })
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'))
  const core = createExtensionsCore({
    configs: [parsed.config],
    store: { save: () => {} },
    resolveSecrets: async () => ({}),
    builtins: createBuiltinRegistry({ appVersion: '0.0.0' }),
    clientInfo: { name: 'switchboard-conformance', version: '0.0.0' },
  })
  const skills = await createSkillService({ dataDir: scratch, home: scratch, roots: () => [], manager: core.manager, tools: () => core.cache.catalog().tools, callerOf: () => undefined })
  core.start()
  try {
    const skill = await listed(skills)
    if (!skill) {
      console.error(`no skill was listed; extension ${core.manager.get(ID)?.status}: ${core.manager.get(ID)?.error ?? ''}`)
      return 1
    }
    console.log(`listed ${skill.uri} (${skill.state})`)
    if (scenario === 'sep-2640-client-no-prefetch') return 0
    await skills.setEnabled({ extensionId: ID, uri: skill.uri, enabled: true, scope: 'global' })
    const loaded = await skills.load({ name: skill.name }, undefined)
    if (loaded.isError) {
      console.error(`refused: ${loaded.text}`)
      return 1
    }
    const file = await skills.load({ name: skill.name, path: 'references/FORMS.md' }, undefined)
    console.log(file.isError ? `FORMS.md refused: ${file.text}` : 'read references/FORMS.md')
    return 0
  } finally {
    skills.stop()
    await core.stop()
    await rm(scratch, { recursive: true, force: true })
  }
}

/** Waits (up to 20 s) for the first skill of the server to be listed. */
async function listed(skills: Awaited<ReturnType<typeof createSkillService>>) {
  for (let i = 0; i < 400; i++) {
    const skill = skills.view().skills.find((view) => view.extensionId === ID)
    if (skill) return skill
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return undefined
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : String(error))
    process.exit(1)
  },
)
