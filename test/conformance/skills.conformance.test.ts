/**
 * The four SEP-2640 client scenarios of the conformance suite 0.2.0-alpha.12 (installed as
 * `conformance-next`) against Switchboard's real extension core and skills service
 * (skillsConformanceClient.ts): no file of a skill is fetched ahead of need, and a SKILL.md whose
 * digest, size or frontmatter differs from its entry is refused, so the skill's supporting file is
 * never read. A scenario passes when the CLI says so (exit 0, no failed check). Also `npm run conformance`.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleDrivers, type DriverBundle } from './driverBundle'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
const cli = join(root, 'node_modules/conformance-next/dist/index.js')

const SCENARIOS = ['sep-2640-client-no-prefetch', 'sep-2640-client-verify-digest', 'sep-2640-client-verify-size', 'sep-2640-client-verify-frontmatter']

let workDir: string
let bundle: DriverBundle | undefined

beforeAll(async () => {
  // Results land in ./results of the working directory: a scratch folder, not the repository.
  workDir = await mkdtemp(join(tmpdir(), 'switchboard-conformance-skills-'))
  bundle = await bundleDrivers({ skills: 'test/conformance/skillsConformanceClient.ts' })
})

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true })
  await bundle?.remove()
})

describe('MCP conformance suite 0.2.0-alpha.12, SEP-2640 (skills) client scenarios', () => {
  it('the installed suite has the four scenarios', async () => {
    const { stdout } = await run(process.execPath, [cli, 'list'], { cwd: workDir })
    for (const scenario of SCENARIOS) expect(stdout).toContain(`- ${scenario} `)
  })

  it.each(SCENARIOS)('%s passes through the real extension core and skills service', { timeout: 180_000 }, async (scenario) => {
    const outcome = await run(process.execPath, [cli, 'client', '--command', bundle!.command('skills'), '--scenario', scenario, '--timeout', '90000'], { cwd: workDir, maxBuffer: 32 * 1024 * 1024 }).then(
      // The CLI writes its report to both streams.
      ({ stdout, stderr }) => ({ ok: true, stdout: `${stdout}\n${stderr}` }),
      (error: { stdout?: string; stderr?: string }) => ({ ok: false, stdout: `${error.stdout ?? ''}\n${error.stderr ?? ''}` }),
    )
    expect(outcome.stdout, outcome.stdout).toMatch(/Passed: (\d+)\/\1, 0 failed/)
    expect(outcome.stdout).toMatch(/OVERALL: PASSED/)
    expect(outcome.ok).toBe(true)
  })
})
