/**
 * Both protocol revisions through the host API: SDK v2 servers that speak only 2025-11-25, only
 * 2026-07-28, or both, over stdio and streamable HTTP. Each is negotiated per extension, shows its
 * revision, lists and calls tools, answers questions through the same dialog, and a restart reuses
 * the remembered verdict instead of probing again.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { Client as ClientV2, type Client } from '@modelcontextprotocol/client'
import { describe, expect, it } from 'vitest'
import {
  ElicitationsResourceSchema,
  ExtensionLogResourceSchema,
  ExtensionsResourceSchema,
  HostResource,
  SessionsResourceSchema,
  ToolsResourceSchema,
  extensionLogUri,
  type ExtensionView,
  type FormElicitation,
} from '../../../src/shared/hostApi'
import { addConsentedExtension, call, poll, read } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { expectNoChildren, fixtureServerPath, until } from '../extensions/harness'
import { WebSocketClientTransport } from '../../../src/shared/webSocketClientTransport'

const revisionServer = fileURLToPath(new URL('../../fixtures/servers/revisionServer.mjs', import.meta.url))
const httpServers: ChildProcess[] = []
const startTestHost = testHostsStoppedAfterEach(async () => {
  await Promise.all(httpServers.splice(0).map(async (child) => (child.exitCode === null ? (child.kill('SIGKILL'), once(child, 'exit')) : undefined)))
  await expectNoChildren()
})

type Revision = 'legacy' | 'modern' | 'both'
const spoken: Record<Revision, string> = { legacy: '2025-11-25', modern: '2026-07-28', both: '2026-07-28' }

async function httpServer(revision: Revision, flags: string[] = []): Promise<string> {
  const child = spawn(process.execPath, [revisionServer, `--revision=${revision}`, '--transport=http', ...flags], { stdio: ['ignore', 'pipe', 'ignore'] })
  httpServers.push(child)
  let port = 0
  createInterface({ input: child.stdout! }).on('line', (line) => (port = (JSON.parse(line) as { port: number }).port))
  await until(() => port > 0, 'the revision server to listen')
  return `http://127.0.0.1:${port}/mcp`
}

async function configFor(id: string, revision: Revision, transport: 'stdio' | 'http', flags: string[] = []): Promise<Record<string, unknown>> {
  return transport === 'stdio'
    ? { id, name: id, type: 'stdio', command: process.execPath, args: [revisionServer, `--revision=${revision}`, ...flags] }
    : { id, name: id, type: 'streamable-http', url: await httpServer(revision, flags) }
}

const view = async (client: Client, id: string): Promise<ExtensionView | undefined> =>
  (await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((extension) => extension.id === id)
const readyView = (client: Client, id: string) => poll(() => view(client, id), (v) => v?.status === 'ready' && v.toolCount >= 3, `${id} ready with its tools`)
const logText = async (client: Client, id: string) => (await read(client, extensionLogUri(id), ExtensionLogResourceSchema)).entries.map((entry) => entry.text)
const requestsSeen = async (client: Client, id: string, method: string) => (await logText(client, id)).filter((text) => text === `request ${method}`).length
const text = (result: object) => (result as { content: { text?: string }[] }).content.map((block) => block.text ?? '').join('\n')

describe.each(['stdio', 'http'] as const)('protocol revisions over %s', (transport) => {
  it.each(['legacy', 'modern', 'both'] as const)('a server speaking %s is negotiated, shown with its revision, and its tools work', async (revision) => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const id = `${revision}-${transport}`
    await addConsentedExtension(client, await configFor(id, revision, transport))
    const ready = await readyView(client, id)
    expect(ready?.protocolVersion).toBe(spoken[revision])
    expect(ready?.server).toEqual({ name: `revision-${revision}`, version: '1.0.0' })

    const tools = await read(client, HostResource.tools, ToolsResourceSchema)
    expect(tools.tools.filter((tool) => tool.extensionId === id).map((tool) => tool.toolName)).toEqual(['echo', 'confirm', 'add_tool']) // the server's own order, kept as it is
    const result = await call(client, 'tool_call', { name: `${id}__echo`, arguments: { text: 'hi' } })
    expect(text(result)).toBe(`hi (${revision})`)
  })
})

describe('the remembered revision', () => {
  it.each(['modern', 'legacy'] as const)('a restarted %s stdio server is not probed again; the verdict is saved in the data folder', async (revision) => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const id = `remembered-${revision}`
    await addConsentedExtension(client, await configFor(id, revision, 'stdio'))
    await readyView(client, id)
    expect(await requestsSeen(client, id, 'server/discover')).toBe(1)
    // Written in the background once the session is up.
    const storedKind = async () => {
      const text = await readFile(join(h.dataDir, 'protocol-revisions.json'), 'utf8').catch(() => '{"verdicts":{}}')
      return (JSON.parse(text) as { verdicts: Record<string, { verdict: { kind: string } }> }).verdicts[id]?.verdict.kind
    }
    expect(await poll(storedKind, (kind) => kind !== undefined, 'the saved verdict')).toBe(revision)

    await call(client, 'extension_restart', { id })
    await poll(() => logText(client, id), (lines) => lines.filter((line) => line.includes('(MCP ')).length === 2, 'the second connect')
    await readyView(client, id)
    // The first connect probed; the second went straight to work with the remembered verdict.
    expect(await requestsSeen(client, id, 'server/discover')).toBe(1)
    expect((await logText(client, id)).filter((line) => line.includes('(MCP ')).at(-1)).toContain(`(MCP ${spoken[revision]}, remembered)`)
    expect(text(await call(client, 'tool_call', { name: `${id}__echo`, arguments: { text: 'again' } }))).toBe(`again (${revision})`)
  })
})

describe('2026-07-28 features', () => {
  it.each(['stdio', 'http'] as const)('an input_required round over %s is answered through the same question dialog', async (transport) => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const id = `mrtr-${transport}`
    await addConsentedExtension(client, await configFor(id, 'modern', transport))
    await readyView(client, id)
    const running = call(client, 'tool_call', { name: `${id}__confirm`, arguments: {} })
    const list = await poll(async () => (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations, (items) => items.some((item) => item.kind === 'form'), 'the question')
    const form = list.find((item) => item.kind === 'form') as FormElicitation
    expect(form).toMatchObject({ origin: { extensionId: id }, message: 'Your name?' })
    expect(form.fields.map((field) => field.name)).toEqual(['name'])
    await call(client, 'elicitation_respond', { id: form.id, action: 'accept', content: { name: 'Ada' } })
    expect(text(await running)).toBe('hello Ada')
  })

  it('follows tool list changes on the listen stream (stdio)', async () => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await addConsentedExtension(client, await configFor('listen', 'modern', 'stdio'))
    await readyView(client, 'listen')
    await call(client, 'tool_call', { name: 'listen__add_tool', arguments: { name: 'later' } })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (tools) => tools.tools.some((tool) => tool.name === 'listen__later'), 'the added tool')
  })

  it('lists tools again once their ttlMs ran out, and not before', async () => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await addConsentedExtension(client, await configFor('ttl', 'modern', 'stdio', ['--tools-ttl-ms=300']))
    await readyView(client, 'ttl')
    expect(await requestsSeen(client, 'ttl', 'tools/list')).toBe(1)
    // Fresh: reading the catalog sends nothing.
    for (let i = 0; i < 5; i++) await read(client, HostResource.tools, ToolsResourceSchema)
    expect(await requestsSeen(client, 'ttl', 'tools/list')).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 400))
    await read(client, HostResource.tools, ToolsResourceSchema) // the first read after expiry starts one refresh
    await poll(() => requestsSeen(client, 'ttl', 'tools/list'), (count) => count === 2, 'the refresh after expiry')
  })
})

describe('the host server', () => {
  it('answers a 2026-07-28 client as well as a 2025-11-25 one (tools and resources; subscriptions stay 2025-only)', async () => {
    const h = await startTestHost()
    const legacy = await h.connectOverWebSocket()
    const { mcp, token } = await h.browser()
    const modern = new ClientV2({ name: 'modern-client', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } })
    await modern.connect(new WebSocketClientTransport(new URL(`${mcp}?token=${token}`)))
    try {
      expect(modern.getProtocolEra()).toBe('modern')
      expect(legacy.getNegotiatedProtocolVersion()).toBe('2025-11-25')
      const created = await call(modern, 'session_create', { title: 'from 2026' })
      expect(created.structuredContent).toMatchObject({ title: 'from 2026' })
      const sessions = await read(legacy, HostResource.sessions, SessionsResourceSchema)
      expect(sessions.sessions.map((session) => session.title)).toContain('from 2026')
      expect((await read(modern, HostResource.sessions, SessionsResourceSchema)).sessions).toEqual(sessions.sessions)
    } finally {
      await modern.close()
    }
  })
})

describe('2025-11-25 servers that do not expect the question', () => {
  it('a stdio server that exits on server/discover is started again with initialize, and remembered as 2025-11-25', async () => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await addConsentedExtension(client, { id: 'strict', name: 'strict', type: 'stdio', command: process.execPath, args: [fixtureServerPath, '--exit-on-discover'] })
    const ready = await poll(() => view(client, 'strict'), (v) => v?.status === 'ready', 'strict ready')
    expect(ready?.protocolVersion).toBe('2025-11-25')
    expect((await logText(client, 'strict')).some((line) => line.includes('exited when asked which MCP revision'))).toBe(true)
    await call(client, 'extension_restart', { id: 'strict' })
    await poll(() => logText(client, 'strict'), (lines) => lines.filter((line) => line.includes('(MCP ')).length === 2, 'the second connect')
    expect((await logText(client, 'strict')).filter((line) => line === 'server/discover')).toHaveLength(1)
  })
})
