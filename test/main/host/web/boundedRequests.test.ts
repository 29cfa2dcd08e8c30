/**
 * BoundedRequestTransport sees every message of a window's connection (issue 33): it asks the SDK's
 * schema guards only what a message's shape leaves open. A request is parsed once (as a request, so
 * only a real one is queued and counted), the answers and notifications the server sends are told
 * apart by their shape, and the cancel notification still frees its request's place. Counted through
 * the guards this module imports; the server and client are the real SDK ones.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client'
import { McpServer } from '@modelcontextprotocol/server'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { BoundedRequestTransport } from '../../../../src/main/host/web/boundedRequests'

const guardCalls = vi.hoisted(() => ({ isJSONRPCRequest: 0, isJSONRPCNotification: 0, isJSONRPCResultResponse: 0, isJSONRPCErrorResponse: 0 }))

vi.mock('@modelcontextprotocol/server', async (importOriginal) => {
  const sdk = await importOriginal<Record<string, unknown>>()
  const counted = Object.fromEntries(
    Object.keys(guardCalls).map((name) => {
      const guard = sdk[name] as (message: unknown) => boolean
      return [name, (message: unknown) => (guardCalls[name as keyof typeof guardCalls]++, guard(message))]
    }),
  )
  return { ...sdk, ...counted }
})

beforeEach(() => {
  for (const name of Object.keys(guardCalls)) guardCalls[name as keyof typeof guardCalls] = 0
})

async function connected() {
  const server = new McpServer({ name: 'bounded', version: '1' }, { capabilities: { resources: { subscribe: true } } })
  server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, ({ text }) => ({ content: [{ type: 'text', text }] }))
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(new BoundedRequestTransport(serverSide))
  const client = new Client({ name: 'test', version: '1' })
  await client.connect(clientSide)
  return { server, client }
}

describe('BoundedRequestTransport and the schema guards', () => {
  it('parses each request once and no answer or notification it sends', async () => {
    const { server, client } = await connected()
    for (const name of Object.keys(guardCalls)) guardCalls[name as keyof typeof guardCalls] = 0
    const notices: string[] = []
    client.setNotificationHandler('notifications/tools/list_changed', (notice) => void notices.push(notice.method))

    for (let i = 0; i < 5; i++) expect(await client.callTool({ name: 'echo', arguments: { text: `hi ${i}` } })).toMatchObject({ content: [{ text: `hi ${i}` }] })
    // A tool added after connecting: the server tells the client with a notification.
    server.registerTool('later', {}, () => ({ content: [] }))
    await client.ping()
    await new Promise((resolve) => setImmediate(resolve))

    expect(notices).toEqual(['notifications/tools/list_changed'])
    // Six requests (five calls and a ping): one request parse each, nothing else.
    expect(guardCalls).toEqual({ isJSONRPCRequest: 6, isJSONRPCNotification: 0, isJSONRPCResultResponse: 0, isJSONRPCErrorResponse: 0 })
  })

  it('checks a cancel notification with the schema, and it still frees the cancelled request', async () => {
    const { server, client } = await connected()
    let release: (() => void) | undefined
    server.registerTool('wait', {}, () => new Promise((resolve) => (release = () => resolve({ content: [] }))))
    const controller = new AbortController()
    const waiting = client.callTool({ name: 'wait', arguments: {} }, { signal: controller.signal }).catch((error: unknown) => error)
    while (!release) await new Promise((resolve) => setImmediate(resolve))
    guardCalls.isJSONRPCNotification = 0
    controller.abort('stopped')
    await waiting
    await new Promise((resolve) => setImmediate(resolve))
    expect(guardCalls.isJSONRPCNotification).toBe(1)
    // The place it held is free: another request runs.
    expect(await client.callTool({ name: 'echo', arguments: { text: 'after' } })).toMatchObject({ content: [{ text: 'after' }] })
    release()
  })
})
