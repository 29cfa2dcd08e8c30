import { ProtocolError, ProtocolErrorCode, type CreateMessageRequest } from '@modelcontextprotocol/server'
import { describe, expect, it } from 'vitest'
import { createElicitationBoard } from '../../../../src/main/services/elicitations/elicitationBoard'
import { createSampling, MAX_SAMPLING_PER_EXTENSION, REQUEST_TIMEOUT, type SamplingOptions } from '../../../../src/main/services/elicitations/sampling'

const params: CreateMessageRequest['params'] = { messages: [{ role: 'user', content: { type: 'text', text: 'Write a haiku' } }], maxTokens: 50 }

/** Sampling whose policy is always "ask"; these tests never let a request reach the model. */
function askingSampling(options: SamplingOptions = {}) {
  const notes: string[] = []
  const models = {
    selectedModel: () => {
      throw new Error('no request in these tests is allowed, so none reaches the model')
    },
  }
  const sampling = createSampling(models, (id) => `Extension ${id}`, { policyOf: () => 'ask', allowAlways: () => {} }, { ...options, note: (_id, _level, text) => notes.push(text) })
  return { sampling, notes }
}

/** Starts a request and keeps its outcome so an unanswered one does not count as an unhandled rejection. */
function request(sampling: ReturnType<typeof askingSampling>['sampling'], extensionId: string) {
  const controller = new AbortController()
  const outcome = sampling.handle(extensionId, params, controller.signal).then(
    () => 'answered' as const,
    (error: unknown) => error,
  )
  return { outcome, abort: () => controller.abort() }
}

describe('sampling requests from extensions', () => {
  it(`refuses more than ${MAX_SAMPLING_PER_EXTENSION} open requests from one extension with an MCP error, and only from that one`, async () => {
    const { sampling, notes } = askingSampling()
    const flood = Array.from({ length: MAX_SAMPLING_PER_EXTENSION }, () => request(sampling, 'flood'))
    const overflow = await request(sampling, 'flood').outcome
    expect(overflow).toBeInstanceOf(ProtocolError)
    expect((overflow as ProtocolError).code).toBe(ProtocolErrorCode.InvalidRequest)
    expect((overflow as ProtocolError).message).toMatch(/already 10 open sampling requests from this extension/)
    expect(notes.some((note) => /refused: 10 from this extension are still open/.test(note))).toBe(true)
    expect(sampling.list()).toHaveLength(MAX_SAMPLING_PER_EXTENSION)

    // Another extension is not affected by the flood.
    const other = request(sampling, 'quiet')
    expect(sampling.list().filter((item) => item.origin.extensionId === 'quiet')).toHaveLength(1)

    // An answered request frees its place.
    sampling.respond(sampling.list()[0]!.id, 'decline', undefined)
    expect(await flood[0]!.outcome).toBeInstanceOf(Error)
    const next = request(sampling, 'flood')
    expect(sampling.list().filter((item) => item.origin.extensionId === 'flood')).toHaveLength(MAX_SAMPLING_PER_EXTENSION)

    for (const open of [...flood, other, next]) open.abort()
    await Promise.all([...flood, other, next].map((open) => open.outcome))
    expect(sampling.list()).toHaveLength(0)
  })

  it('refuses a request nobody answers in time with an MCP error and removes it from the dialog', async () => {
    const { sampling, notes } = askingSampling({ timeoutMs: 30 })
    const open = request(sampling, 'slow')
    const [pending] = sampling.list()
    expect(pending).toMatchObject({ kind: 'approval', subject: { type: 'sampling', expiresAt: expect.any(String) } })
    const outcome = await open.outcome
    expect(outcome).toBeInstanceOf(ProtocolError)
    expect((outcome as ProtocolError).code).toBe(REQUEST_TIMEOUT)
    expect((outcome as ProtocolError).message).toMatch(/Nobody answered this sampling request/)
    expect(sampling.list()).toHaveLength(0)
    expect(notes.some((note) => /nobody answered it within/.test(note))).toBe(true)
    // Its place is free again.
    const again = request(sampling, 'slow')
    expect(sampling.list()).toHaveLength(1)
    again.abort()
    await again.outcome
  })

  it("puts another extension's approval right behind the first of a flood, not after all of it", async () => {
    const { sampling } = askingSampling()
    const flood = Array.from({ length: MAX_SAMPLING_PER_EXTENSION }, () => request(sampling, 'flood'))
    await new Promise((resolve) => setTimeout(resolve, 5)) // created later than every flood item
    const later = request(sampling, 'victim')
    const board = createElicitationBoard([sampling])
    const order = board.list().map((item) => item.origin.extensionId)
    expect(order).toHaveLength(MAX_SAMPLING_PER_EXTENSION + 1)
    expect(order.slice(0, 2)).toEqual(['flood', 'victim'])
    for (const open of [...flood, later]) open.abort()
    await Promise.all([...flood, later].map((open) => open.outcome))
  })
})
