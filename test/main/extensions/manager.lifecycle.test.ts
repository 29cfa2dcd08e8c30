/** Integration: the manager's lifecycle against real servers (server-everything over stdio) and builtins. */
import { afterEach, describe, expect, it } from 'vitest'
import type { ManagerEvent } from '../../../src/main/extensions/extensionManager'
import { childPids, config, everythingPath, expectNoChildren, fixture, npmServer, stopAllManagers, testManager, testTimeouts, until, untilStatus } from './harness'

afterEach(async () => {
  await stopAllManagers()
  await expectNoChildren()
})

describe('extension manager lifecycle', () => {
  it('starts enabled extensions in parallel without blocking, and reports ready with server info', async () => {
    const { manager } = testManager([
      npmServer('everything', everythingPath, ['stdio']),
      fixture('fixture'),
      config({ id: 'off', name: 'Off', type: 'stdio', command: process.execPath, enabled: false }),
      config({ id: 'system', name: 'System', type: 'builtin', builtin: 'system' }),
    ])
    const events: ManagerEvent[] = []
    manager.onChange((event) => events.push(event))
    // start() hands back `stop` without waiting for any connection: right after it, both stdio
    // extensions are starting at the same time (one after the other, the second would not be yet).
    const stop = manager.start()
    expect(typeof stop).toBe('function')
    expect(manager.get('everything')?.status).toBe('starting')
    expect(manager.get('fixture')?.status).toBe('starting')
    expect(manager.get('off')?.status).toBe('disabled')
    await Promise.all(['everything', 'fixture', 'system'].map((id) => untilStatus(manager, id, 'ready')))
    expect(manager.get('everything')?.server?.name).toBe('mcp-servers/everything')
    expect(manager.get('system')?.server?.name).toBe('switchboard-system')
    expect(events.filter((e) => e.type === 'status' && e.id === 'everything').length).toBeGreaterThanOrEqual(1)
    expect(manager.log('everything').some((entry) => entry.source === 'stderr')).toBe(true)
    expect(childPids().length).toBe(2)
  })

  it('adds, disables, re-enables, restarts and removes an extension; every change is saved', async () => {
    const { manager, saved } = testManager([])
    manager.start()
    const added = await manager.add(npmServer('everything', everythingPath, ['stdio']))
    expect(added.ok).toBe(true)
    await untilStatus(manager, 'everything', 'ready')
    const firstPid = manager.connection('everything')?.pid
    expect(firstPid).toBeGreaterThan(0)

    expect((await manager.setEnabled('everything', false)).ok).toBe(true)
    expect(manager.get('everything')?.status).toBe('disabled')
    expect(manager.connection('everything')).toBeUndefined()
    await expectNoChildren()

    await manager.setEnabled('everything', true)
    await untilStatus(manager, 'everything', 'ready')
    await manager.restart('everything')
    await untilStatus(manager, 'everything', 'ready')
    expect(manager.get('everything')?.sessionCount).toBe(3)
    expect(manager.connection('everything')?.pid).not.toBe(firstPid)

    expect((await manager.remove('everything')).ok).toBe(true)
    expect(manager.get('everything')).toBeUndefined()
    expect(saved.map((configs) => configs.map((c) => `${c.id}:${c.enabled}`))).toEqual([
      ['everything:true'],
      ['everything:false'],
      ['everything:true'],
      [],
    ])
  })

  it('refuses invalid configs and duplicate ids with messages naming the field', async () => {
    const { manager, saved } = testManager([fixture('one')])
    const bad = await manager.add({ id: 'Bad_Id', name: '', type: 'stdio', command: 'x', env: { LD_PRELOAD: '/evil.so' } })
    expect(bad.ok).toBe(false)
    if (bad.ok) return
    expect(bad.errors.join('\n')).toMatch(/^id: /m)
    expect(bad.errors.join('\n')).toMatch(/^name: /m)
    expect(bad.errors.join('\n')).toMatch(/^env\.LD_PRELOAD: .*LD_PRELOAD/m)
    const duplicate = await manager.add(fixture('one'))
    expect(duplicate.ok).toBe(false)
    expect(saved).toEqual([])
  })

  it('applies a name or tool-filter change without reconnecting; a command change reconnects', async () => {
    const { manager } = testManager([fixture('fx')])
    manager.start()
    await untilStatus(manager, 'fx', 'ready')
    const pid = manager.connection('fx')?.pid
    const current = manager.config('fx')!
    await manager.update('fx', { ...current, name: 'Renamed', tools: { deny: ['hang'] } })
    expect(manager.get('fx')?.name).toBe('Renamed')
    expect(manager.connection('fx')?.pid).toBe(pid)
    await manager.update('fx', { ...current, args: [...(current.type === 'stdio' ? current.args : []), '--tools=3'] })
    await untilStatus(manager, 'fx', 'ready')
    expect(manager.connection('fx')?.pid).not.toBe(pid)
  })

  it('puts an extension whose secret is missing in needs-config, and starts it once the secret exists', async () => {
    const withSecret = npmServer('everything', everythingPath, ['stdio'], { API_TOKEN: '${secret:extension:everything:env:API_TOKEN}' })
    const { manager, secrets } = testManager([withSecret])
    manager.start()
    await untilStatus(manager, 'everything', 'needs-config')
    expect(manager.get('everything')?.error).toMatch(/extension:everything:env:API_TOKEN/)
    secrets.set('extension:everything:env:API_TOKEN', 'canary-9f8e7d6c5b4a')
    manager.retryNeedsConfig()
    await untilStatus(manager, 'everything', 'ready')
    // The value reached the child (server-everything's get-env tool shows its environment) …
    const result = await manager.connection('everything')!.callTool('get-env', {}, { signal: new AbortController().signal, timeoutMs: 5000 })
    const envText = (result.content[0] as { text: string }).text
    expect(envText).toContain('canary-9f8e7d6c5b4a')
    // … only the minimal inherited environment came with it …
    const env = JSON.parse(envText) as Record<string, string>
    expect(Object.keys(env).every((key) => ['API_TOKEN', 'PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TMPDIR', 'TZ'].includes(key))).toBe(true)
    // … and the snapshot shows the reference, never the value.
    expect(JSON.stringify(manager.list())).not.toContain('canary-9f8e7d6c5b4a')
  })

  it('redacts a secret value that a server prints on stderr', async () => {
    const { manager, secrets } = testManager([fixture('leaky', 'normal', ['--print-env=API_TOKEN'], { env: { API_TOKEN: '${secret:extension:leaky:env:API_TOKEN}' } })])
    secrets.set('extension:leaky:env:API_TOKEN', 'canary-stderr-0a1b2c3d')
    manager.start()
    await untilStatus(manager, 'leaky', 'ready')
    await until(() => manager.log('leaky').some((entry) => entry.text.startsWith('API_TOKEN=')), 'the printed env line')
    const lines = manager.log('leaky').map((entry) => entry.text)
    expect(lines).toContain('API_TOKEN=${secret:extension:leaky:env:API_TOKEN}')
    expect(JSON.stringify(lines)).not.toContain('canary-stderr-0a1b2c3d')
  })

  it('stops every child on stop(), even one that ignores stdin close and SIGTERM (F20)', async () => {
    const { manager } = testManager([fixture('stubborn', 'normal', ['--stubborn']), fixture('polite'), npmServer('everything', everythingPath, ['stdio'])])
    manager.start()
    await Promise.all(['stubborn', 'polite', 'everything'].map((id) => untilStatus(manager, id, 'ready')))
    expect(childPids().length).toBe(3)
    // stop() resolves only once every child is gone: the stubborn one needed the SIGKILL.
    await manager.stop()
    expect(childPids()).toEqual([])
    expect(manager.log('stubborn').some((entry) => entry.text.includes('ignoring SIGTERM'))).toBe(true)
  })

  it('stop() also ends children that are still starting', async () => {
    const { manager } = testManager([fixture('never', 'never-init', [], { timeouts: { ...testTimeouts, initMs: 60_000 } })])
    manager.start()
    await until(() => childPids().length === 1, 'the child to spawn')
    await manager.stop()
    expect(childPids()).toEqual([])
  })
})
