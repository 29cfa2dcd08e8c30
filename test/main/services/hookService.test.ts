/**
 * The hook service on real hook tools (the hook fixture server through the extensions core):
 * hook_test shows what a turn would do with a hook's answer.
 */
import { describe, expect, it } from 'vitest'
import type { HookInput } from '../../../src/shared/hooksApi'
import { createHookService, type HookService } from '../../../src/main/services/hookService'
import { hookWorld } from '../hooks/hookWorld'

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
