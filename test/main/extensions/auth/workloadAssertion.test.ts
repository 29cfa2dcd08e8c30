import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { workloadAssertion } from '../../../../src/main/extensions/auth/workloadAssertion'
import { redactSecrets } from '../../../../src/main/log/secretValues'
import { tempDir } from '../../../helpers/tempDir'

const JWT = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ3b3JrbG9hZCJ9.c2lnbmF0dXJl'

describe('the workload identity JWT', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup()
  })

  it('is read from the token file, trimmed, and registered as a secret', async () => {
    const dir = await tempDir()
    cleanups.push(dir.remove)
    const file = join(dir.path, 'token')
    await writeFile(file, `${JWT}\n`)
    expect(await workloadAssertion({ file })).toBe(JWT)
    expect(redactSecrets(`sent ${JWT}`)).not.toContain(JWT)
  })

  it('comes from a command run without a shell, with the minimal environment', async () => {
    process.env.SWITCHBOARD_TEST_LEAK = 'x'
    try {
      // `$HOME` stays literal without a shell; a leaked variable would change the token.
      const script = `const leaked = process.env.SWITCHBOARD_TEST_LEAK ? 'LEAK' : ''; process.stdout.write(process.argv[1] === '$HOME' ? '${JWT}' + leaked : 'expanded')`
      expect(await workloadAssertion({ command: process.execPath, args: ['-e', script, '$HOME'] })).toBe(JWT)
    } finally {
      delete process.env.SWITCHBOARD_TEST_LEAK
    }
  })

  it('says which source failed, never what a failing command printed', async () => {
    const failing = workloadAssertion({ command: process.execPath, args: ['-e', `process.stdout.write('${JWT}'); process.exit(3)`] })
    await expect(failing).rejects.toThrow(/The workload token command ".*" failed \(exit 3\)/)
    await expect(failing).rejects.not.toThrow(JWT)
    await expect(workloadAssertion({ file: '/nonexistent/token' })).rejects.toThrow(/Could not read the workload token file \/nonexistent\/token \(ENOENT\)/)
    await expect(workloadAssertion({ command: process.execPath, args: ['-e', "process.stdout.write('not a jwt')"] })).rejects.toThrow(/gave no JWT/)
  })
})
