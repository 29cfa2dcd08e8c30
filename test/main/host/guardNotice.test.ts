/**
 * The one-time notice after the update that brought the guard (issue 37): through the real host, to
 * someone who always allowed a tool before, once; never on a fresh install.
 */
import { describe, expect, it, onTestFinished } from 'vitest'
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { HostResource, SettingsResourceSchema } from '../../../src/shared/hostApi'
import { GUARD_NOTICE } from '../../../src/main/host/guardNotice'
import { read } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { tempDir } from '../../helpers/tempDir'

const startTestHost = testHostsStoppedAfterEach()
const guardNotices = async (h: Awaited<ReturnType<typeof startTestHost>>) => {
  const client = await h.connectOverWebSocket()
  return (await read(client, HostResource.settings, SettingsResourceSchema)).notices.filter((notice) => notice.message === GUARD_NOTICE)
}

describe('the guard notice after the update', () => {
  it('is shown once to someone with "always allow" choices, and not again after a restart', async () => {
    const dir = await tempDir('switchboard-guard-notice-')
    onTestFinished(() => rm(dir.path, { recursive: true, force: true }))
    // permissions.json as an earlier version left it: one tool always allowed.
    const permissions = { version: 1, mode: 'ask', toolPolicies: { files__write_file: { policy: 'always', hash: 'a'.repeat(64), grantedAt: '2026-01-01T00:00:00.000Z' } }, extensionPolicies: {}, rules: [], pins: {} }
    await writeFile(join(dir.path, 'permissions.json'), JSON.stringify(permissions))
    const first = await startTestHost(dir.path)
    expect(await guardNotices(first)).toHaveLength(1)
    await first.stop({ keepData: true })
    const second = await startTestHost(dir.path)
    expect(await guardNotices(second)).toEqual([])
  })

  it('is not shown on a fresh install', async () => {
    expect(await guardNotices(await startTestHost())).toEqual([])
  })
})
