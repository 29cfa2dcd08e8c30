/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, a dev dependency) runs
 * every client `auth/*` scenario against Switchboard's real extension core (conformanceClient.ts).
 * Each scenario starts its own servers; a scenario passes when the CLI says so (exit 0, no failed
 * check), or when it is in expected-failures.yml and still fails (the file says why). Also
 * `npm run conformance`.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
const cli = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js')
const baseline = join(root, 'test/conformance/expected-failures.yml')
const client = `${process.execPath} ${join(root, 'node_modules/tsx/dist/cli.mjs')} ${join(root, 'test/conformance/conformanceClient.ts')}`

let scenarios: string[] = []
let workDir: string

beforeAll(async () => {
  // Results land in ./results of the working directory: a scratch folder, not the repository.
  workDir = await mkdtemp(join(tmpdir(), 'switchboard-conformance-'))
  const { stdout } = await run(process.execPath, [cli, 'list'], { cwd: workDir })
  scenarios = [...stdout.matchAll(/^\s+- (auth\/\S+)/gm)].map((match) => match[1]!)
})

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('MCP conformance suite, client auth scenarios', () => {
  it('lists the auth scenarios of the installed suite', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(20)
  })

  it('passes every auth scenario through the real extension connection code', { timeout: 900_000 }, async () => {
    const failed: string[] = []
    for (const scenario of scenarios) {
      // The CLI exits non-zero on an unexpected failure, and on a baseline entry that passes.
      const outcome = await run(process.execPath, [cli, 'client', '--command', client, '--scenario', scenario, '--timeout', '90000', '--expected-failures', baseline], { cwd: workDir, maxBuffer: 32 * 1024 * 1024 }).then(
        ({ stdout }) => ({ ok: true, stdout }),
        (error: { stdout?: string; stderr?: string }) => ({ ok: false, stdout: `${error.stdout ?? ''}\n${error.stderr ?? ''}` }),
      )
      const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(outcome.stdout)
      const expectedToFail = /Baseline check passed: all failures are expected/.test(outcome.stdout)
      if (!outcome.ok || (!expectedToFail && (!summary || summary[3] !== '0' || !/OVERALL: PASSED/.test(outcome.stdout)))) {
        failed.push(`${scenario}: ${summary?.[0] ?? 'no summary'}\n${outcome.stdout.split('\n').filter((line) => /FAILURE|Error|failed/.test(line)).slice(0, 8).join('\n')}`)
      }
    }
    expect(failed, failed.join('\n\n')).toEqual([])
  })
})
