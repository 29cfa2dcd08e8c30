/**
 * The approval broker: answers in any order release their own calls (F13), replays and unknown ids
 * are refused, timeouts and cancellations deny, and the renderer's view hides secret values.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApprovalError, createApprovalBroker, type ApprovalBroker, type ApprovalBrokerOptions } from '../../../src/main/permissions/approvalBroker'
import { runInspectors } from '../../../src/main/permissions/inspectors/inspectorChain'
import { checkPin } from '../../../src/main/permissions/toolPins'
import type { Decision, InspectorName, ToolCallRequest, Verdict } from '../../../src/main/permissions/types'
import { call, writeFileTool } from './callFixtures'

const brokers: ApprovalBroker[] = []
afterEach(() => {
  for (const broker of brokers.splice(0)) broker.close()
  vi.useRealTimers()
})
function broker(options: ApprovalBrokerOptions = {}): ApprovalBroker {
  const created = createApprovalBroker(options)
  brokers.push(created)
  return created
}

/** A decision as the chain would make it, with the given per-inspector verdicts and causes. */
function decision(c: ToolCallRequest, steps: [InspectorName, Verdict, string?][] = [['permission', 'ask', 'mode-ask']]): Decision {
  return runInspectors(
    steps.map(([name, verdict, cause]) => ({ name, inspect: () => ({ verdict, cause, reasons: [`${name}: ${verdict}`], findings: [] }) })),
    c,
    { pin: checkPin(c.toolName, undefined, c.tool) },
  )
}

const writeCall = (path: string) => call({ tool: writeFileTool, arguments: { path, content: 'x' } })

describe('approvals', () => {
  it('lists a pending approval with everything the dialog shows', async () => {
    const b = broker({ now: () => new Date('2026-05-01T10:00:00.000Z'), timeoutMs: 60_000 })
    const c = call({ extensionTrust: 'untrusted', tool: { ...writeFileTool, title: 'Write file', annotations: { readOnlyHint: true } }, arguments: { path: '/tmp/a', content: 'hello' } })
    const pending = b.request(c, decision(c))
    const [view] = b.list()
    expect(view).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'approval',
      callId: c.callId,
      origin: 'model',
      sessionId: 's1',
      // A model call that did not say more is "the model" of its session.
      caller: { kind: 'model', sessionId: 's1' },
      extensionId: 'files',
      extensionTrust: 'untrusted',
      toolName: 'files__write_file',
      tool: { name: 'write_file', title: 'Write file', description: 'Write a file' },
      arguments: { path: '/tmp/a', content: 'hello' },
      annotations: { readOnlyHint: true },
      hints: { readOnly: true, destructive: true, idempotent: false, openWorld: true, reliable: false },
      reasons: ['permission: ask'],
      findings: [],
      offerAlways: true,
      offerConversation: false,
      // Asked by the mode in a session: "Allow for this session" is offered.
      offerSession: true,
      createdAt: '2026-05-01T10:00:00.000Z',
      expiresAt: '2026-05-01T10:01:00.000Z',
    })
    await b.respond(view!.id, 'allow_once')
    await expect(pending).resolves.toEqual({ answer: 'allow_once', by: 'person' })
    expect(b.list()).toEqual([])
  })

  it('resolves five concurrent approvals answered in reverse order, each with its own answer', async () => {
    const b = broker()
    const calls = [1, 2, 3, 4, 5].map((n) => writeCall(`/tmp/${n}`))
    const outcomes = calls.map((c) => b.request(c, decision(c)))
    const views = b.list()
    expect(views.map((v) => v.callId)).toEqual(calls.map((c) => c.callId))
    const answers = ['allow_once', 'deny', 'allow_always', 'deny', 'allow_once'] as const
    const settled: string[] = []
    outcomes.forEach((outcome, i) => void outcome.then(() => settled.push(calls[i]!.callId)))
    for (let i = views.length - 1; i >= 0; i--) {
      await b.respond(views[i]!.id, answers[i])
      expect(b.list()).toHaveLength(i)
    }
    expect((await Promise.all(outcomes)).map((o) => o.answer)).toEqual([...answers])
    expect(settled).toEqual([...calls].reverse().map((c) => c.callId))
  })

  it('gives every approval a fresh unguessable id', () => {
    const b = broker()
    for (let i = 0; i < 50; i++) {
      const c = writeCall('/tmp/x')
      void b.request(c, decision(c))
    }
    const ids = b.list().map((v) => v.id)
    expect(new Set(ids).size).toBe(50)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('refuses an answer to an id that was never issued', async () => {
    const b = broker()
    const c = writeCall('/tmp/a')
    void b.request(c, decision(c))
    for (const id of ['nope', '', c.callId, '00000000-0000-4000-8000-000000000000', 42 as unknown as string]) {
      const error = await b.respond(id, 'allow_once').catch((e: unknown) => e)
      expect(error, String(id)).toBeInstanceOf(ApprovalError)
      expect((error as ApprovalError).code).toBe('unknown-id')
      expect((error as ApprovalError).message).toMatch(/There is no pending approval with the id/)
    }
    expect(b.list()).toHaveLength(1)
  })

  it('refuses a replayed answer, and a replay cannot release another call', async () => {
    const b = broker()
    const a = writeCall('/tmp/a')
    const other = writeCall('/tmp/b')
    const first = b.request(a, decision(a))
    const second = b.request(other, decision(other))
    const [viewA, viewB] = b.list()
    await b.respond(viewA!.id, 'allow_once')
    await expect(b.respond(viewA!.id, 'allow_once')).rejects.toMatchObject({ code: 'already-answered', message: expect.stringMatching(/already answered/) })
    // Answering A's id "for" call B is refused and leaves B waiting.
    await expect(b.respond(viewB!.id, 'allow_once', { callId: a.callId })).rejects.toMatchObject({ code: 'wrong-call' })
    expect(b.list().map((v) => v.callId)).toEqual([other.callId])
    await b.respond(viewB!.id, 'deny', { callId: other.callId })
    await expect(first).resolves.toEqual({ answer: 'allow_once', by: 'person' })
    await expect(second).resolves.toEqual({ answer: 'deny', by: 'person' })
  })

  it('accepts only the three answers', async () => {
    const b = broker()
    const c = writeCall('/tmp/a')
    void b.request(c, decision(c))
    const id = b.list()[0]!.id
    for (const answer of ['allow', 'ALLOW_ONCE', { decision: 'allow_once' }, null, undefined]) {
      await expect(b.respond(id, answer)).rejects.toMatchObject({ code: 'invalid-answer' })
    }
    expect(b.list()).toHaveLength(1)
  })

  it('only one of two racing answers wins', async () => {
    let release!: () => void
    const b = broker({ onAnswered: () => new Promise<void>((resolve) => (release = resolve)) })
    const c = writeCall('/tmp/a')
    const outcome = b.request(c, decision(c))
    const id = b.list()[0]!.id
    const winner = b.respond(id, 'allow_once')
    await expect(b.respond(id, 'deny')).rejects.toMatchObject({ code: 'already-answered' })
    release()
    await winner
    await expect(outcome).resolves.toEqual({ answer: 'allow_once', by: 'person' })
  })

  it('does not offer "always" when it would not stop the prompt', async () => {
    const b = broker()
    const findings = writeCall('/tmp/a')
    void b.request(findings, decision(findings, [['security', 'ask', 'destructive-command'], ['permission', 'allow', 'policy-always']]))
    const rule = writeCall('/tmp/b')
    void b.request(rule, decision(rule, [['permission', 'ask', 'rule-ask']]))
    const [a, r] = b.list()
    expect([a!.offerAlways, r!.offerAlways]).toEqual([false, false])
    await expect(b.respond(a!.id, 'allow_always')).rejects.toMatchObject({ code: 'always-not-offered', message: expect.stringMatching(/Answer allow_once or deny/) })
    await b.respond(a!.id, 'allow_once')
  })

  it('tells onAnswered before releasing the call, and still releases it when that fails', async () => {
    const seen: string[] = []
    const b = broker({
      onAnswered: (c, _d, answer) => {
        seen.push(`${c.callId}:${answer}`)
        if (answer === 'allow_always') throw new Error('disk full')
      },
    })
    const c = writeCall('/tmp/a')
    const outcome = b.request(c, decision(c))
    await expect(b.respond(b.list()[0]!.id, 'allow_always')).rejects.toThrow('disk full')
    await expect(outcome).resolves.toEqual({ answer: 'allow_always', by: 'person' })
    expect(seen).toEqual([`${c.callId}:allow_always`])
  })
})

describe('ending without an answer', () => {
  it('denies when the timeout has passed, not a millisecond before', async () => {
    vi.useFakeTimers()
    const b = broker({ timeoutMs: 30 })
    const c = writeCall('/tmp/a')
    let outcome: unknown
    void b.request(c, decision(c)).then((value) => (outcome = value))
    await vi.advanceTimersByTimeAsync(29)
    expect(outcome).toBeUndefined()
    expect(b.list()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome).toEqual({ answer: 'deny', by: 'timeout' })
    expect(b.list()).toEqual([])
    const late = await b.respond('x', 'allow_once').catch((e: ApprovalError) => e.code)
    expect(late).toBe('unknown-id')
  })

  it('uses a per-request timeout, and a late answer after a timeout is refused', async () => {
    const b = broker({ timeoutMs: 60_000 })
    const c = writeCall('/tmp/a')
    const outcome = b.request(c, decision(c), { timeoutMs: 20 })
    const id = b.list()[0]!.id
    await expect(outcome).resolves.toEqual({ answer: 'deny', by: 'timeout' })
    await expect(b.respond(id, 'allow_once')).rejects.toMatchObject({ code: 'already-answered' })
  })

  it('denies when the call is cancelled, before or while it waits', async () => {
    const b = broker()
    const c = writeCall('/tmp/a')
    await expect(b.request(c, decision(c), { signal: AbortSignal.abort() })).resolves.toEqual({ answer: 'deny', by: 'cancelled' })
    expect(b.list()).toEqual([])
    const controller = new AbortController()
    const outcome = b.request(c, decision(c), { signal: controller.signal })
    expect(b.list()).toHaveLength(1)
    controller.abort()
    await expect(outcome).resolves.toEqual({ answer: 'deny', by: 'cancelled' })
    expect(b.list()).toEqual([])
  })

  it('denies everything pending on close', async () => {
    const b = broker()
    const outcomes = [1, 2, 3].map((n) => {
      const c = writeCall(`/tmp/${n}`)
      return b.request(c, decision(c))
    })
    b.close()
    expect(await Promise.all(outcomes)).toEqual([1, 2, 3].map(() => ({ answer: 'deny', by: 'closed' })))
  })
})

describe('subscriptions and display', () => {
  it('tells listeners when approvals appear and go', async () => {
    const b = broker()
    const counts: number[] = []
    const stop = b.onChange(() => counts.push(b.list().length))
    const c = writeCall('/tmp/a')
    const outcome = b.request(c, decision(c))
    await b.respond(b.list()[0]!.id, 'deny')
    await outcome
    stop()
    void b.request(c, decision(c))
    expect(counts).toEqual([1, 0])
  })

  it('masks secret values in the arguments, findings and reasons it shows, keys included', () => {
    const b = broker({ redact: (text) => text.replaceAll('hunter2-secret', '•••') })
    const c = call({ tool: writeFileTool, arguments: { content: 'pw is hunter2-secret', nested: [{ 'hunter2-secret': 1 }] } })
    const d = decision(c)
    d.reasons = ['rule matched "hunter2-secret"']
    d.findings = [{ kind: 'destructive-command', severity: 'high', message: 'in hunter2-secret', excerpt: 'curl -u hunter2-secret | sh' }]
    void b.request(c, d)
    const [view] = b.list()
    expect(view!.arguments).toEqual({ content: 'pw is •••', nested: [{ '•••': 1 }] })
    expect(view!.reasons).toEqual(['rule matched "•••"'])
    expect(view!.findings).toEqual([{ kind: 'destructive-command', severity: 'high', message: 'in •••', excerpt: 'curl -u ••• | sh' }])
  })
})
