/** Secrets through the host API: write-only, shown as { isSet: true }, and a canary that leaks nowhere. */
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Client } from '@modelcontextprotocol/client'
import { HostResource, SettingsResourceSchema } from '../../../src/shared/hostApi'
import { log, setLogSink } from '../../../src/main/log/log'
import { startTestHost, type TestHost } from '../../helpers/testHost'
import { readFilesUnder } from '../../helpers/dataFiles'

let h: TestHost
const logLines: string[] = []
let restoreLog: () => void

beforeEach(async () => {
  logLines.length = 0
  restoreLog = setLogSink((line) => logLines.push(line), 'debug')
  h = await startTestHost()
})
afterEach(async () => {
  restoreLog()
  await h.stop()
})

/** Records every frame the client receives, as text. */
function recordFrames(client: Client): string[] {
  const frames: string[] = []
  const transport = client.transport
  if (!transport) throw new Error('client is not connected')
  const deliver = transport.onmessage
  transport.onmessage = (message, extra) => {
    frames.push(JSON.stringify(message))
    deliver?.(message, extra)
  }
  return frames
}

async function settings(client: Client) {
  const { contents } = await client.readResource({ uri: HostResource.settings })
  return SettingsResourceSchema.parse(JSON.parse((contents[0] as { text: string }).text))
}

describe('secrets through the host API', () => {
  it('sets, shows as { isSet: true } with where it is used, replaces and deletes', async () => {
    const client = await h.connectOverWebSocket()
    await client.callTool({ name: 'secret_set', arguments: { key: 'provider:anthropic', value: 'first-value-123' } })
    await client.callTool({ name: 'secret_set', arguments: { key: 'extension:github:env:GITHUB_TOKEN', value: 'gh-value-456' } })
    let view = await settings(client)
    expect(view.secrets).toEqual({
      'provider:anthropic': { isSet: true, use: { kind: 'provider', provider: 'anthropic' } },
      'extension:github:env:GITHUB_TOKEN': { isSet: true, use: { kind: 'extension-env', extensionId: 'github', envName: 'GITHUB_TOKEN' } },
    })
    await client.callTool({ name: 'secret_set', arguments: { key: 'provider:anthropic', value: 'second-value-789' } })
    expect(await h.host.services.secrets.get('provider:anthropic')).toBe('second-value-789')
    const deleted = await client.callTool({ name: 'secret_delete', arguments: { key: 'provider:anthropic' } })
    expect(deleted.structuredContent).toEqual({ key: 'provider:anthropic', isSet: false })
    view = await settings(client)
    expect(Object.keys(view.secrets)).toEqual(['extension:github:env:GITHUB_TOKEN'])
    // In CI (scripts/with-keyring.sh) this runs against a real Secret Service; elsewhere memory may stand in.
    if (process.env.SWITCHBOARD_REQUIRE_KEYRING === '1') expect(view.keychain).toMatchObject({ keychain: 'available' })
    else expect(['available', 'unavailable']).toContain(view.keychain.keychain)
  })

  it('refuses bad names and empty values with a message, storing nothing', async () => {
    const client = await h.connectOverWebSocket()
    const badName = await client.callTool({ name: 'secret_set', arguments: { key: 'has space', value: 'v' } })
    expect(badName.isError).toBe(true)
    expect(JSON.stringify(badName.content)).toMatch(/not valid: use letters, digits/)
    const empty = await client.callTool({ name: 'secret_set', arguments: { key: 'provider:x', value: '' } })
    expect(empty.isError).toBe(true)
    expect(JSON.stringify(empty.content)).toMatch(/cannot be empty/)
    expect((await settings(client)).secrets).toEqual({})
  })

  it('notifies settings subscribers when a secret changes', async () => {
    const client = await h.connectOverWebSocket()
    const frames = recordFrames(client)
    await client.subscribeResource({ uri: HostResource.settings })
    await client.callTool({ name: 'secret_set', arguments: { key: 'provider:openai', value: 'some-value' } })
    await expect.poll(() => frames.some((frame) => frame.includes('notifications/resources/updated'))).toBe(true)
  })

  it('canary: the value appears in no file under the data dir, no log line, and no frame the renderer receives', async () => {
    const canary = `canary-${randomBytes(12).toString('hex')}`
    const client = await h.connectOverWebSocket()
    const portClient = (await h.connectOverPorts()).client
    const frames = [...[client, portClient].map(recordFrames)]
    for (const c of [client, portClient]) await c.subscribeResource({ uri: HostResource.settings })

    await client.callTool({ name: 'secret_set', arguments: { key: 'provider:anthropic', value: canary } })
    // Exercise settings, sessions and logging around it.
    await client.callTool({ name: 'settings_update', arguments: { patch: { theme: 'dark' } } })
    await client.callTool({ name: 'session_create', arguments: { title: 'canary run' } })
    log('info', 'test', `a component logs the secret by mistake: ${canary} and as JSON ${JSON.stringify({ key: canary })}`)
    const failed = await client.callTool({ name: 'secret_set', arguments: { key: 'bad name', value: canary } })
    expect(failed.isError).toBe(true)
    await settings(client)
    await settings(portClient)
    await client.callTool({ name: 'secret_delete', arguments: { key: 'provider:anthropic' } })
    await expect.poll(() => frames.flat().filter((f) => f.includes('resources/updated')).length).toBeGreaterThan(3)

    expect(logLines.some((line) => line.includes('a component logs the secret by mistake'))).toBe(true)
    expect(logLines.filter((line) => line.includes(canary))).toEqual([])
    expect(frames.flat().filter((frame) => frame.includes(canary))).toEqual([])
    await h.settle()
    const files = await readFilesUnder(h.dataDir)
    expect(files.length).toBeGreaterThan(1)
    for (const file of files) expect(file.text, file.path).not.toContain(canary)
  })
})

describe('damaged settings file', () => {
  it('is moved aside, defaults load, and the person is told once through a dismissible notice', async () => {
    const dataDir = h.dataDir
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }))
    await h.stop({ keepData: true })
    await writeFile(join(dataDir, 'settings.json'), '{"theme": "dark", oops')
    h = await startTestHost(dataDir)
    const client = await h.connectOverWebSocket()
    const view = await settings(client)
    expect(view.theme).toBe('system')
    expect(view.notices).toHaveLength(1)
    const notice = view.notices[0]!
    expect(notice.message).toMatch(/settings/i)
    expect(notice.movedTo).toMatch(/settings\.corrupt-.*\.json$/)
    expect(await readFile(notice.movedTo!, 'utf8')).toBe('{"theme": "dark", oops')
    await client.callTool({ name: 'notice_dismiss', arguments: { id: notice.id } })
    expect((await settings(client)).notices).toEqual([])
  })
})
