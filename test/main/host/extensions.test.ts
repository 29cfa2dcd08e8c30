/** Extensions through the host API: consent before first start, live resources, tool_call, persistence, canary. */
import { describe, expect, it, onTestFinished } from 'vitest'
import { createHash, randomBytes } from 'node:crypto'
import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import {
  ElicitationsResourceSchema,
  ExtensionLogResourceSchema,
  ExtensionsResourceSchema,
  HostResource,
  ToolsResourceSchema,
  extensionLogUri,
  type ExtensionView,
  type ApprovalElicitation,
} from '../../../src/shared/hostApi'
import { setLogSink } from '../../../src/main/log/log'
import { call, read } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { childPids, everythingPath, expectNoChildren, fixtureServerPath, startHttpFixture, stopHttpFixtures, until } from '../extensions/harness'

const startTestHost = testHostsStoppedAfterEach(async () => {
  await stopHttpFixtures()
  await expectNoChildren()
})

const extension = async (client: Client, id: string): Promise<ExtensionView | undefined> =>
  (await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((view) => view.id === id)

async function waitFor(client: Client, id: string, check: (view: ExtensionView | undefined) => boolean, what: string) {
  const deadline = Date.now() + 20_000
  let last: ExtensionView | undefined
  while (Date.now() < deadline) {
    last = await extension(client, id)
    if (check(last)) return last!
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`)
}

const everything = { id: 'everything', name: 'Everything', type: 'stdio', command: process.execPath, args: [everythingPath, 'stdio'] }

async function approvePending(client: Client, decision: 'allow_once' | 'allow_always' | 'deny') {
  const { elicitations } = await read(client, HostResource.elicitations, ElicitationsResourceSchema)
  expect(elicitations).toHaveLength(1)
  await call(client, 'elicitation_respond', { id: elicitations[0]!.id, action: 'accept', content: { decision } })
  return elicitations[0] as ApprovalElicitation
}

describe('extensions through the host API', () => {
  it('asks before the first start, with the exact launch, then runs tools and keeps resources live', async () => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const updates: string[] = []
    client.setNotificationHandler('notifications/resources/updated', (n) => void updates.push(n.params.uri))
    for (const uri of [HostResource.extensions, HostResource.tools, HostResource.elicitations]) await client.subscribeResource({ uri })

    const added = (await call(client, 'extension_add', { config: { ...everything, env: { GREETING: 'hi' } } })).structuredContent as ExtensionView
    expect(added).toMatchObject({ id: 'everything', status: 'disabled', enabled: false, consent: 'pending' })
    expect(childPids()).toEqual([])

    const approval = await approvePending(client, 'allow_always')
    expect(approval.subject).toEqual({
      type: 'extension-start',
      extensionType: 'stdio',
      command: process.execPath,
      args: [everythingPath, 'stdio'],
      envNames: ['GREETING'],
      secretNames: [],
      warnings: [],
    })
    // Ready first, then its lists arrive in the catalog.
    const ready = await waitFor(client, 'everything', (view) => view?.status === 'ready' && view.toolCount > 5, 'ready with tools')
    expect(ready).toMatchObject({ enabled: true, consent: 'approved' })
    expect(updates).toEqual(expect.arrayContaining([HostResource.extensions, HostResource.tools, HostResource.elicitations]))

    const tools = await read(client, HostResource.tools, ToolsResourceSchema)
    expect(tools.tools.map((tool) => tool.name)).toContain('everything__echo')
    const echoed = await call(client, 'tool_call', { name: 'everything__echo', arguments: { message: 'hello host' } })
    expect(JSON.stringify(echoed.content)).toContain('hello host')
    expect(echoed.structuredContent).toMatchObject({ outcome: 'ok', extensionId: 'everything', tool: 'echo' })
    const missing = await client.callTool({ name: 'tool_call', arguments: { name: 'nobody__nothing', arguments: {} } })
    expect(missing.isError).toBe(true)

    await client.subscribeResource({ uri: extensionLogUri('everything') })
    const logBefore = await read(client, extensionLogUri('everything'), ExtensionLogResourceSchema)
    expect(logBefore.entries.length).toBeGreaterThan(0)

    await call(client, 'extension_set_enabled', { id: 'everything', enabled: false })
    await waitFor(client, 'everything', (view) => view?.status === 'disabled', 'disabled')
    await until(() => childPids().length === 0, 'the child to stop')
    // Re-enabling an approved launch needs no new approval.
    await call(client, 'extension_set_enabled', { id: 'everything', enabled: true })
    await waitFor(client, 'everything', (view) => view?.status === 'ready', 'ready again')
    expect((await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations).toEqual([])
    expect(updates).toContain(extensionLogUri('everything'))
  })

  it('refuses bad configs with messages naming the field, and denied launches stay stopped', async () => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const bad = await client.callTool({ name: 'extension_add', arguments: { config: { id: 'x', name: 'X', type: 'stdio', command: 'node', env: { LD_PRELOAD: '/tmp/evil.so' } } } })
    expect(bad.isError).toBe(true)
    expect(JSON.stringify(bad.content)).toMatch(/env\.LD_PRELOAD/)

    await call(client, 'extension_add', { config: everything })
    await approvePending(client, 'deny')
    const denied = await waitFor(client, 'everything', (view) => view?.consent === 'denied', 'denied')
    expect(denied.status).toBe('disabled')
    expect(childPids()).toEqual([])
    // Asking again (enable) brings a new approval.
    await call(client, 'extension_set_enabled', { id: 'everything', enabled: true })
    expect((await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations).toHaveLength(1)
    const reply = await client.callTool({ name: 'elicitation_respond', arguments: { id: 'made-up', action: 'accept', content: { decision: 'allow_always' } } })
    expect(reply.isError).toBe(true)
    expect(childPids()).toEqual([])
  })

  it('"always" survives a restart, "once" asks again, and a changed command asks again', async () => {
    const first = await startTestHost()
    const dataDir = first.dataDir
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }))
    let client = await first.connectOverWebSocket()
    await call(client, 'extension_add', { config: everything })
    await approvePending(client, 'allow_always')
    await call(client, 'extension_add', { config: { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] } })
    await approvePending(client, 'allow_once')
    await waitFor(client, 'fixture', (view) => view?.status === 'ready', 'fixture ready')
    await first.stop({ keepData: true })
    await expectNoChildren()

    const second = await startTestHost(dataDir)
    client = await second.connectOverWebSocket()
    await waitFor(client, 'everything', (view) => view?.status === 'ready', 'everything ready after restart')
    const fixture = await extension(client, 'fixture')
    expect(fixture).toMatchObject({ status: 'disabled', consent: 'pending' })
    const asked = await read(client, HostResource.elicitations, ElicitationsResourceSchema)
    expect(asked.elicitations.map((item) => item.origin.extensionId)).toEqual(['fixture'])

    await call(client, 'extension_update', { id: 'everything', config: { ...everything, args: [everythingPath, 'stdio', '--extra'] } })
    const again = await read(client, HostResource.elicitations, ElicitationsResourceSchema)
    expect(again.elicitations.map((item) => item.origin.extensionId).sort()).toEqual(['everything', 'fixture'])
    await waitFor(client, 'everything', (view) => view?.consent === 'pending' && view.status === 'disabled', 'everything waiting for approval')
  })

  it('a denied or a turned-off extension is as it was after a restart: no "awaiting approval" without a question', async () => {
    const first = await startTestHost()
    const dataDir = first.dataDir
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }))
    let client = await first.connectOverWebSocket()
    const fixture = (id: string) => ({ id, name: id, type: 'stdio', command: process.execPath, args: [fixtureServerPath] })
    await call(client, 'extension_add', { config: fixture('denied') })
    await approvePending(client, 'deny')
    await call(client, 'extension_add', { config: fixture('once') })
    await approvePending(client, 'allow_once')
    await call(client, 'extension_add', { config: fixture('always') })
    await approvePending(client, 'allow_always')
    for (const id of ['once', 'always']) {
      await waitFor(client, id, (view) => view?.status === 'ready', `${id} ready`)
      await call(client, 'extension_set_enabled', { id, enabled: false })
    }
    await first.stop({ keepData: true })
    await expectNoChildren()

    const second = await startTestHost(dataDir)
    client = await second.connectOverWebSocket()
    expect(await extension(client, 'denied')).toMatchObject({ status: 'disabled', enabled: false, consent: 'denied' })
    // "Allow once" was for the last run: it is off, and asks when it is turned on.
    expect(await extension(client, 'once')).toMatchObject({ status: 'disabled', enabled: false, consent: 'not-asked' })
    expect(await extension(client, 'always')).toMatchObject({ status: 'disabled', enabled: false, consent: 'approved' })
    expect((await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations).toEqual([])

    // Turning each on asks again, and a denial answered with an approval no longer stands after a restart.
    await call(client, 'extension_set_enabled', { id: 'once', enabled: true })
    expect(await extension(client, 'once')).toMatchObject({ consent: 'pending', status: 'disabled' })
    await approvePending(client, 'allow_once')
    await call(client, 'extension_set_enabled', { id: 'denied', enabled: true })
    await approvePending(client, 'allow_always')
    await waitFor(client, 'denied', (view) => view?.status === 'ready', 'the once-denied extension ready')
    await second.stop({ keepData: true })
    await expectNoChildren()

    const third = await startTestHost(dataDir)
    client = await third.connectOverWebSocket()
    await waitFor(client, 'denied', (view) => view?.status === 'ready' && view.consent === 'approved', 'the approved extension ready after a restart')
    const file = JSON.parse(await readFile(join(dataDir, 'extensions.json'), 'utf8')) as { deniedLaunches: Record<string, string> }
    expect(file.deniedLaunches).toEqual({})
  })

  it('cancelling a tool_call request cancels the call in the extension (F6)', async () => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await call(client, 'extension_add', { config: { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] } })
    await approvePending(client, 'allow_always')
    await waitFor(client, 'fixture', (view) => view?.status === 'ready' && view.toolCount > 0, 'fixture ready with tools')
    const abort = new AbortController()
    const pending = client.callTool({ name: 'tool_call', arguments: { name: 'fixture__hang', arguments: {} } }, { signal: abort.signal })
    await new Promise((resolve) => setTimeout(resolve, 200))
    abort.abort()
    await expect(pending).rejects.toThrow()
    // The fixture writes "cancelled <id>" to stderr for every notifications/cancelled it receives.
    const deadline = Date.now() + 5000
    let entries: { text: string }[] = []
    while (Date.now() < deadline && !entries.some((entry) => entry.text.includes('cancelled'))) {
      entries = (await read(client, extensionLogUri('fixture'), ExtensionLogResourceSchema)).entries
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(entries.some((entry) => /cancelled \d+/.test(entry.text))).toBe(true)
  })

  it('canary: ${secret:…} env and header values reach the servers and appear in no file, log line or renderer frame', async () => {
    const canary = `canary-${randomBytes(12).toString('hex')}`
    const lines: string[] = []
    const restore = setLogSink((line) => lines.push(line), 'debug')
    onTestFinished(restore)
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const frames: string[] = []
    const deliver = client.transport!.onmessage
    client.transport!.onmessage = (message, extra) => {
      frames.push(JSON.stringify(message))
      deliver?.(message, extra)
    }
    await call(client, 'secret_set', { key: 'extension:fixture:env:API_TOKEN', value: canary })
    await call(client, 'extension_add', {
      config: { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath, '--print-env=API_TOKEN'], env: { API_TOKEN: '${secret:extension:fixture:env:API_TOKEN}' } },
    })
    await approvePending(client, 'allow_always')
    await waitFor(client, 'fixture', (view) => view?.status === 'ready' && view.toolCount > 0, 'fixture ready with tools')
    const hashed = await call(client, 'tool_call', { name: 'fixture__env_hash', arguments: { name: 'API_TOKEN' } })
    expect(JSON.stringify(hashed.content)).toContain(createHash('sha256').update(canary).digest('hex'))

    const remote = await startHttpFixture()
    await call(client, 'secret_set', { key: 'extension:remote:header:Authorization', value: canary })
    await call(client, 'extension_add', {
      config: { id: 'remote', name: 'Remote', type: 'streamable-http', url: remote.url, headers: { Authorization: 'Bearer ${secret:extension:remote:header:Authorization}' } },
    })
    const approval = await approvePending(client, 'allow_always')
    expect(approval.subject).toMatchObject({ url: remote.url, headerNames: ['Authorization'] })
    await waitFor(client, 'remote', (view) => view?.status === 'ready', 'remote ready')
    expect(remote.requests.some((request) => request.authorization === `Bearer ${canary}`)).toBe(true)
    await read(client, extensionLogUri('fixture'), ExtensionLogResourceSchema)
    await read(client, HostResource.extensions, ExtensionsResourceSchema)
    await read(client, HostResource.settings, { parse: (value: unknown) => value })

    expect(frames.filter((frame) => frame.includes(canary))).toEqual([])
    expect(lines.filter((line) => line.includes(canary))).toEqual([])
    await h.settle()
    const files = (await readdir(h.dataDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile())
    expect(files.map((entry) => entry.name)).toContain('extensions.json')
    for (const entry of files) expect(await readFile(join(entry.parentPath, entry.name), 'utf8')).not.toContain(canary)
  })
})
