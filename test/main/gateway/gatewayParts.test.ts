/** The pure parts of connected apps: what an app is offered, the knock queue, the wrong-token limit, client names, tokens and config snippets. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { IncomingMessage } from 'node:http'
import { parse as parseShell } from 'shell-quote'
import { offeredTools, agentsIn } from '../../../src/main/gateway/gatewayCatalog'
import { createConnectionRequests, MAX_PENDING_REQUESTS, REQUEST_LIFETIME_MS } from '../../../src/main/gateway/connectionRequests'
import { clientNameOf } from '../../../src/main/gateway/gatewayHttp'
import { bearerToken, hashAppToken, newAppToken } from '../../../src/main/gateway/appTokens'
import { createLinkLedger } from '../../../src/main/gateway/linkLedger'
import { createWrongTokens, WRONG_TOKEN_LIMIT, WRONG_TOKEN_WINDOW_MS } from '../../../src/main/gateway/wrongTokens'
import { readImportJson } from '../../../src/main/extensions/importers/previewImport'
import { configSnippets } from '../../../src/shared/connectedAppSnippets'
import type { CatalogTool } from '../../../src/main/extensions'

const tool = (extensionId: string, toolName: string, extensionName = extensionId): CatalogTool => ({
  name: `${extensionId}__${toolName}`,
  extensionId,
  extensionName,
  toolName,
  description: '',
  inputSchema: { type: 'object' },
  annotations: {} as CatalogTool['annotations'],
  trust: 'untrusted',
  definitionHash: 'x',
})

describe('what a connected app is offered', () => {
  const catalog = [tool('agent-assistant', 'chat-with-assistant', 'Assistant'), tool('agent-research', 'chat-with-research', 'Researcher'), tool('files', 'read_file')]

  it('offers the agents its scope allows under their own names, and catalog tools only with the gateway on', () => {
    expect(offeredTools(catalog, { agents: 'all', gateway: false }).map((t) => t.name)).toEqual(['chat-with-assistant', 'chat-with-research'])
    expect(offeredTools(catalog, { agents: ['research'], gateway: true }).map((t) => t.name)).toEqual(['chat-with-research', 'files__read_file'])
    expect(offeredTools(catalog, { agents: [], gateway: false })).toEqual([])
    expect(agentsIn(catalog)).toEqual([{ id: 'assistant', name: 'Assistant' }, { id: 'research', name: 'Researcher' }])
  })

  it('offers no agent the catalog does not have', () => {
    expect(offeredTools([tool('files', 'read_file'), tool('agent-x', 'not-a-chat')], { agents: 'all', gateway: true }).map((t) => [t.kind, t.name])).toEqual([['gateway', 'files__read_file']])
    expect(agentsIn([tool('files', 'read_file')])).toEqual([])
  })
})

describe('what a connected app may read', () => {
  it('is what its results linked it to, from the extension that linked it; session links from any agent server', () => {
    const links = createLinkLedger()
    links.add('app', 'fixture://note', 'fx')
    links.add('app', 'switchboard://sessions/s1/history', 'host')
    expect(links.mayRead('app', 'fx', 'fixture://note')).toBe(true)
    expect(links.mayRead('app', 'other', 'fixture://note')).toBe(false)
    expect(links.mayRead('app', 'fx', 'fixture://other')).toBe(false)
    expect(links.mayRead('another-app', 'fx', 'fixture://note')).toBe(false)
    // The agent server serves only its own sessions, so naming another agent reads nothing more.
    expect(links.mayRead('app', 'agent-assistant', 'switchboard://sessions/s1/history')).toBe(true)
    expect(links.mayRead('app', 'fx', 'switchboard://sessions/s1/history')).toBe(false)
    links.forget('app')
    expect(links.mayRead('app', 'fx', 'fixture://note')).toBe(false)
  })
})

describe('knocks waiting for the person', () => {
  it('keeps one request per client name, a bounded number, and forgets them after a while', () => {
    let now = Date.parse('2026-12-02T00:00:00Z')
    const requests = createConnectionRequests({ agents: () => ['Assistant'] }, () => now)
    const first = requests.knock('Claude Code')
    expect(requests.knock('Claude Code')).toEqual(first)
    for (let i = 1; i < MAX_PENDING_REQUESTS; i++) expect(requests.knock(`app ${i}`)).toBeDefined()
    expect(requests.knock('one too many')).toBeUndefined()
    expect(requests.list()[0]).toMatchObject({ kind: 'approval', subject: { type: 'connected-app', clientName: 'Claude Code', agents: ['Assistant'] }, decisions: ['allow_once', 'deny'] })
    now += REQUEST_LIFETIME_MS + 1
    expect(requests.pending()).toEqual([])
    expect(requests.knock('one too many')).toBeDefined()
  })
})

describe('wrong or missing tokens', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('after 20 within a minute, refuses requests without a valid token for a minute, then counts afresh', () => {
    vi.useFakeTimers()
    const wrong = createWrongTokens()
    expect(WRONG_TOKEN_LIMIT).toBe(20)
    // The 20th still gets its 401; the ones after it wait.
    for (let i = 0; i < WRONG_TOKEN_LIMIT; i++) expect(wrong.note()).toBeUndefined()
    expect(wrong.note()).toBe(60)
    vi.advanceTimersByTime(45_000)
    expect(wrong.note()).toBe(15) // Refused ones do not extend the minute.
    vi.advanceTimersByTime(15_000)
    expect(wrong.note()).toBeUndefined()
    for (let i = 1; i < WRONG_TOKEN_LIMIT; i++) expect(wrong.note()).toBeUndefined()
    expect(wrong.note()).toBe(60)
  })

  it('never refuses when the wrong tokens are spread over more than a minute', () => {
    vi.useFakeTimers()
    const wrong = createWrongTokens()
    for (let i = 0; i < 3 * WRONG_TOKEN_LIMIT; i++) {
      expect(wrong.note()).toBeUndefined()
      vi.advanceTimersByTime(WRONG_TOKEN_WINDOW_MS / (WRONG_TOKEN_LIMIT - 1) + 1)
    }
  })
})

describe('client names and tokens', () => {
  const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers }) as unknown as IncomingMessage

  it('names a client by ?name=, then its header, then its initialize or request _meta, cleaned', () => {
    const init = { method: 'initialize', params: { clientInfo: { name: 'claude-code', title: 'Claude Code' } } }
    expect(clientNameOf(request('/mcp?name=My%20Script'), init)).toBe('My Script')
    expect(clientNameOf(request('/mcp', { 'x-mcp-client-name': 'Cursor' }), init)).toBe('Cursor')
    expect(clientNameOf(request('/mcp'), init)).toBe('Claude Code')
    expect(clientNameOf(request('/mcp'), { params: { _meta: { 'io.modelcontextprotocol/clientInfo': { name: 'Visual Studio Code' } } } })).toBe('Visual Studio Code')
    expect(clientNameOf(request('/mcp?name=%E2%80%AEevil%07'), undefined)).toBe('evil')
    expect(clientNameOf(request('/mcp'), 'garbage')).toBe('An unnamed app')
  })

  it('makes long random tokens, hashes them, and reads them from the Authorization header only', () => {
    const token = newAppToken()
    expect(token).toMatch(/^sbapp_[A-Za-z0-9_-]{43}$/)
    expect(newAppToken()).not.toBe(token)
    expect(hashAppToken(token)).toMatch(/^[0-9a-f]{64}$/)
    expect(bearerToken(`Bearer ${token}`)).toBe(token)
    expect(bearerToken(`Basic ${token}`)).toBeUndefined()
    expect(bearerToken(undefined)).toBeUndefined()
  })
})

describe('config snippets', () => {
  const url = 'http://127.0.0.1:7420/mcp'
  const token = 'sbapp_abc$def'
  const [claude, vscode, cursor] = configSnippets(url, token)

  it("reads back as an HTTP server with the token in each app's own format", () => {
    for (const [snippet, format] of [[vscode!, 'vscode'], [cursor!, 'mcp-servers']] as const) {
      const read = readImportJson(JSON.parse(snippet.text), snippet.label)
      expect(read).toMatchObject({ format, drafts: [{ key: 'switchboard', type: 'streamable-http', url, headers: { Authorization: `Bearer ${token}` } }] })
    }
  })

  it('gives Claude Code a command line whose arguments survive the shell', () => {
    expect(parseShell(claude!.text)).toEqual(['claude', 'mcp', 'add', '--transport', 'http', 'switchboard', url, '--header', `Authorization: Bearer ${token}`])
  })
})
