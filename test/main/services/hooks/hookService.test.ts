/**
 * The hook service on real hook tools (the hook fixture server through the extensions core):
 * hook_test shows what a turn would do with a hook's answer, and a hook whose tool cannot take its
 * event's payload is found out when it is saved and when it is tested.
 */
import { describe, expect, it } from 'vitest'
import type { HookInput } from '../../../../src/shared/hooksApi'
import { createHookService, type HookService } from '../../../../src/main/services/hooks/hookService'
import { hookWorld } from '../../hooks/hookWorld'

/** The service over the hook world's catalog, and a way to save a hook and approve it at once. */
async function serviceWorld() {
  const world = await hookWorld([])
  const core = world.core!
  const service: HookService = await createHookService({
    dataDir: world.dataDir,
    dispatch: (request, options) => core.dispatcher.call(request, options),
    lookup: (name) => core.cache.catalog().tools.find((tool) => tool.name === name),
  })
  const approved = async (input: HookInput) => {
    const saved = await service.save(input)
    const [approval] = service.list()
    await service.respond(approval!.id, 'accept', { decision: 'allow_always' })
    return saved
  }
  return { world, service, approved }
}

describe('hook_test', () => {
  it('a model-request hook that adds a system message: the trail says it goes into the system prompt', async () => {
    const { service, approved } = await serviceWorld()
    const saved = await approved({ name: 'French', event: 'model-request', target: 'hk__add_system' })
    const tested = await service.test(saved.id, { sessionId: 's', step: 1, model: 'm', tools: [], messages: [{ role: 'user', content: 'Hello' }] })
    expect(tested).toMatchObject({ decision: 'allow', changes: [{ hook: 'French', field: 'system', reason: 'house language' }], warnings: [] })
  })
})

describe('a hook whose tool cannot take the payload', () => {
  it('is not saved turned on: the error says what does not fit; one that fits, or is saved off, is saved', async () => {
    const { service } = await serviceWorld()
    const refused = service.save({ name: 'Strict', event: 'tool-call', target: 'hk__strict' })
    await expect(refused).rejects.toThrow(/The tool "hk__strict" cannot take the tool-call payload as its arguments: missing required field "text"; unknown field "tool" \(not in the schema\)/)
    await expect(refused).rejects.toThrow(/refusing every tool call it guards/)
    expect(service.view().hooks).toEqual([])
    // The same tool fits a user-message hook; a misfit saved turned off can be kept, and not turned on.
    expect(await service.save({ name: 'Fits', event: 'user-message', target: 'hk__strict' })).toMatchObject({ target: 'hk__strict', enabled: true })
    const off = await service.save({ name: 'Off', event: 'tool-result', target: 'hk__strict', enabled: false })
    await expect(service.save({ id: off.id, name: 'Off', event: 'tool-result', enabled: true })).rejects.toThrow(/cannot take the tool-result payload/)
  })

  it('hook_test says what of the sample does not fit, first among the warnings', async () => {
    const { service, approved } = await serviceWorld()
    const saved = await approved({ name: 'Fits', event: 'user-message', target: 'hk__strict' })
    expect(await service.test(saved.id, { sessionId: 's', text: 'hi', extensions: [] })).toMatchObject({ decision: 'allow', warnings: [] })
    const tested = await service.test(saved.id, { sessionId: 's', text: 'hi', mood: 'grumpy' })
    expect(tested.decision).toBe('deny')
    expect(tested.warnings[0]).toBe('Its tool "hk__strict" cannot take this payload: unknown field "mood" (not in the schema). A turn would fail the same way.')
  })
})
