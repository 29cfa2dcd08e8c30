/** Unit: tool names, restart policy, bounded line reader, log ring, rate limiter, result cap, pagination. */
import { describe, expect, it, vi } from 'vitest'
import { extensionIdFromName, namespacedToolName, splitNamespacedName, stableHash, ToolNamePattern } from '../../../src/shared/toolNames'
import { BoundedLineReader, MessageTooLargeError, type StdoutProblem } from '../../../src/main/extensions/connection/boundedLineReader'
import { fetchWholeList } from '../../../src/main/extensions/catalog/catalogFetch'
import { canonicalJson } from '../../../src/shared/canonicalJson'
import { definitionHash, validateTool } from '../../../src/main/extensions/catalog/catalogValidation'
import { LineSplitter, LogRing } from '../../../src/main/extensions/logRing'
import { RateLimiter } from '../../../src/main/extensions/connection/rateLimiter'
import { RestartPolicy } from '../../../src/main/extensions/restartPolicy'
import { capResult } from '../../../src/main/extensions/dispatch/resultCap'

describe('namespaced tool names', () => {
  it('keeps legal names readable: <extension>__<tool>', () => {
    expect(namespacedToolName('github', 'create_issue')).toBe('github__create_issue')
    expect(namespacedToolName('everything', 'get-sum')).toBe('everything__get-sum')
  })

  it('sanitizes other names with a stable hash suffix, always within ^[a-zA-Z0-9_-]{1,64}$', () => {
    const names = ['weird name!*', 'a.b', 'a/b', '', '💥', 'x'.repeat(300), 'tool with spaces and ünïcödé']
    for (const name of names) {
      const namespaced = namespacedToolName('my-server-2', name)
      expect(namespaced).toMatch(ToolNamePattern)
      expect(namespaced.startsWith('my-server-2__')).toBe(true)
      expect(namespacedToolName('my-server-2', name)).toBe(namespaced) // stable
    }
    expect(namespacedToolName('x', 'a.b')).not.toBe(namespacedToolName('x', 'a/b'))
    expect(namespacedToolName('x', 'a.b')).toBe(`x__a_b_${stableHash('a.b')}`)
  })

  it('cannot shadow across extensions: the extension part ends at the first "__"', () => {
    // An id cannot contain "_", so "a__b" + "c" can never equal "a" + "b__c".
    expect(() => namespacedToolName('a__b', 'c')).toThrow(/not a slug/)
    expect(splitNamespacedName(namespacedToolName('a', 'b__c'))).toEqual({ extensionId: 'a', toolPart: 'b__c' })
    const fromA = new Set(['x', 'y__z', 'weird!'].map((tool) => namespacedToolName('a', tool)))
    const fromB = new Set(['x', 'y__z', 'weird!'].map((tool) => namespacedToolName('b', tool)))
    expect([...fromA].some((name) => fromB.has(name))).toBe(false)
  })

  it('derives free extension ids from display names', () => {
    expect(extensionIdFromName('My Server!', new Set())).toBe('my-server')
    expect(extensionIdFromName('My Server!', new Set(['my-server', 'my-server-2']))).toBe('my-server-3')
    expect(extensionIdFromName('!!!', new Set())).toBe('extension')
  })
})

describe('restart policy', () => {
  it('backs off 1, 2, 4 … capped at 30 s, and gives up after K crashes in the window', () => {
    let now = 0
    const policy = new RestartPolicy({ maxCrashes: 8, windowMs: 600_000 }, () => now)
    const delays: number[] = []
    for (let i = 0; i < 7; i++) {
      const decision = policy.crashed()
      if (decision.action !== 'restart') throw new Error('gave up too early')
      delays.push(decision.delayMs)
      now += decision.delayMs
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000])
    expect(policy.crashed()).toMatchObject({ action: 'give-up', crashes: 8 })
  })

  it('forgets crashes after a stable run and after a manual reset', () => {
    let now = 0
    const policy = new RestartPolicy({ maxCrashes: 3, stableAfterMs: 60_000 }, () => now)
    policy.crashed()
    policy.crashed()
    policy.started()
    now += 61_000
    expect(policy.crashed()).toMatchObject({ action: 'restart', delayMs: 1000, crashes: 1 })
    policy.crashed()
    policy.reset()
    expect(policy.crashed()).toMatchObject({ crashes: 1 })
  })
})

describe('bounded line reader', () => {
  const lines = (...messages: unknown[]) => Buffer.from(messages.map((m) => (typeof m === 'string' ? m : JSON.stringify(m)) + '\n').join(''))

  it('yields messages across chunk boundaries and drops noise with a report (F7, F8)', () => {
    const problems: StdoutProblem[] = []
    const reader = new BoundedLineReader(1024, (problem) => problems.push(problem), () => {}, Number.POSITIVE_INFINITY)
    const bytes = lines({ jsonrpc: '2.0', id: 1, result: {} }, 'npm WARN something', { jsonrpc: '2.0', id: 2, result: {}, error: { code: 1, message: 'x' } }, '', { jsonrpc: '2.0', method: 'ping' })
    reader.append(bytes.subarray(0, 10))
    expect(reader.readMessage()).toBeNull()
    reader.append(bytes.subarray(10))
    const read = []
    for (let message = reader.readMessage(); message; message = reader.readMessage()) read.push(message)
    expect(read).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }, { jsonrpc: '2.0', method: 'ping' }])
    expect(problems.map((problem) => problem.kind)).toEqual(['not-json', 'not-json-rpc'])
  })

  it('throws "message too large" for a long line, complete or never ending, and holds nothing after (F9)', () => {
    const reader = new BoundedLineReader(100, () => {})
    expect(() => reader.append(Buffer.from('x'.repeat(101) + '\n'))).toThrow(MessageTooLargeError)
    const endless = new BoundedLineReader(100, () => {})
    endless.append(Buffer.from('y'.repeat(60)))
    expect(() => endless.append(Buffer.from('y'.repeat(60)))).toThrow(/message too large/)
    expect(endless.readMessage()).toBeNull()
  })

  it('stops after its time budget and reports a backlog, reading on in the next turn (F12)', () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    try {
      let backlogs = 0
      const reader = new BoundedLineReader(1 << 20, () => {}, () => backlogs++, 4)
      reader.append(lines({ jsonrpc: '2.0', method: 'a' }, { jsonrpc: '2.0', method: 'b' }, { jsonrpc: '2.0', method: 'c' }))
      // Within the 4 ms budget: reads.
      vi.advanceTimersByTime(4)
      expect(reader.readMessage()).toMatchObject({ method: 'a' })
      // Past it: stops with lines left, and says so.
      vi.advanceTimersByTime(1)
      expect(reader.readMessage()).toBeNull()
      expect(backlogs).toBe(1)
      expect(reader.hasBacklog).toBe(true)
      // A new turn, a new budget.
      reader.beginTurn()
      expect(reader.readMessage()).toMatchObject({ method: 'b' })
      expect(reader.readMessage()).toMatchObject({ method: 'c' })
      expect(reader.hasBacklog).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('log ring and line splitter', () => {
  it('keeps the newest entries, clips long lines and redacts', () => {
    const ring = new LogRing({ maxEntries: 3, maxLineLength: 10, redact: (text) => text.replace('hunter2', '${secret:PW}') })
    for (let i = 0; i < 5; i++) ring.push('stderr', 'info', `line ${i}`)
    ring.push('stderr', 'info', 'pw hunter2')
    ring.push('stderr', 'info', 'z'.repeat(50))
    expect(ring.read().map((entry) => entry.text)).toEqual(['line 4', 'pw ${secre… [5 more characters]', `${'z'.repeat(10)}… [40 more characters]`])
    expect(ring.read(6).map((entry) => entry.seq)).toEqual([7])
    expect(ring.stderrTail(2)).toHaveLength(2)
  })

  it('cuts lines that never end', () => {
    const seen: string[] = []
    const splitter = new LineSplitter((line) => seen.push(line), 5)
    splitter.write('ab\r\ncdefghijk')
    splitter.write('l\nm')
    splitter.end()
    expect(seen).toEqual(['ab', 'cdefg', 'hijkl', 'm'])
  })
})

describe('rate limiter', () => {
  it('passes N per second and reports the dropped count once', () => {
    let now = 0
    const reports: number[] = []
    const limiter = new RateLimiter(2, (count) => reports.push(count), () => now)
    expect([limiter.allow(), limiter.allow(), limiter.allow(), limiter.allow()]).toEqual([true, true, false, false])
    limiter.flush()
    expect(reports).toEqual([2])
    now = 1000
    expect(limiter.allow()).toBe(true)
    limiter.dispose()
  })
})

describe('result cap (F10)', () => {
  it('leaves small results alone and cuts large ones with a marker', () => {
    const small = { content: [{ type: 'text' as const, text: 'hi' }] }
    expect(capResult(small, 100).result).toBe(small)
    const big = {
      content: [
        { type: 'text' as const, text: 'a'.repeat(80) },
        { type: 'image' as const, data: 'b'.repeat(5000), mimeType: 'image/png' },
        { type: 'text' as const, text: 'c'.repeat(80) },
      ],
      structuredContent: { blob: 'd'.repeat(1000) },
    }
    const capped = capResult(big, 100)
    expect(capped.truncated).toBe(true)
    expect(capped.result.structuredContent).toBeUndefined()
    expect(capped.result.content).toEqual([
      { type: 'text', text: 'a'.repeat(80) },
      { type: 'text', text: '[image omitted: 4.9 KiB]' },
      { type: 'text', text: expect.stringMatching(/^\[truncated: the full result is 6 KiB, more than the 100 B shown here/) },
    ])
    expect(big.content).toHaveLength(3) // the original is untouched
  })
})

describe('pagination bounds (F16)', () => {
  const pages = (next: (cursor: string | undefined) => unknown) => ({
    listPage: async (_kind: 'tools', cursor: string | undefined) => ({ items: [{ cursor }], nextCursor: next(cursor) }),
  })

  it('follows cursors to the end', async () => {
    const fetched = await fetchWholeList(pages((cursor) => (cursor === undefined ? 'p2' : cursor === 'p2' ? 'p3' : undefined)), 'tools')
    expect(fetched.items).toHaveLength(3)
    expect(fetched.warnings).toEqual([])
  })

  it('stops at a repeated cursor, at the page limit, at the item limit and at a bad cursor', async () => {
    expect((await fetchWholeList(pages(() => 'same'), 'tools')).warnings[0]).toMatch(/repeated a tools page cursor; stopped after page 2/)
    const endless = await fetchWholeList(pages((cursor) => String(Number(cursor ?? 0) + 1)), 'tools', { maxPages: 7 })
    expect(endless.items).toHaveLength(7)
    expect(endless.warnings[0]).toMatch(/more than 7 pages/)
    const many = await fetchWholeList(pages((cursor) => String(Number(cursor ?? 0) + 1)), 'tools', { maxItems: 3 })
    expect(many.items).toHaveLength(3)
    expect((await fetchWholeList(pages(() => 42), 'tools')).warnings[0]).toMatch(/not a string/)
  })
})

describe('tool validation and definition hash', () => {
  it('drops garbage and hashes definitions independently of key order', () => {
    expect(validateTool({ name: 'ok', inputSchema: { type: 'object' } }).ok).toBe(true)
    // Hidden characters keep the tool (the window shows them, the model never gets them) with a warning naming them, escaped.
    expect(validateTool({ name: 'sneaky\u200B', description: 'Reads\u202E', inputSchema: { type: 'object' } })).toMatchObject({
      ok: true,
      warning: 'tool "sneaky⟦U+200B⟧" hides zero-width characters and bidirectional controls (text shown out of order) in name, description: shown escaped, removed before the model reads it',
    })
    expect(validateTool({ name: 'plain', description: 'Reads', inputSchema: { type: 'object' } })).not.toHaveProperty('warning')
    expect(validateTool({ name: 'big', inputSchema: { type: 'object', description: 'x'.repeat(70_000) } })).toMatchObject({ ok: false })
    expect(validateTool({ name: 'long', description: 'd'.repeat(9000), inputSchema: { type: 'object' } })).toMatchObject({ ok: true, warning: expect.stringMatching(/shortened/) })
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}')
    const one = definitionHash({ name: 't', description: 'd', inputSchema: { type: 'object', properties: { a: {}, b: {} } } })
    const two = definitionHash({ name: 't', description: 'd', inputSchema: { properties: { b: {}, a: {} }, type: 'object' } })
    expect(one).toBe(two)
    expect(definitionHash({ name: 't', description: 'changed', inputSchema: { type: 'object' } })).not.toBe(one)
  })
})
