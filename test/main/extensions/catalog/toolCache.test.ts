/** Integration: the catalog cache against the fixture server, server-everything and the system builtin. */
import { afterEach, describe, expect, it } from 'vitest'
import { ToolNamePattern } from '../../../../src/shared/toolNames'
import { config, everythingPath, expectNoChildren, fixture, npmServer, stopAllManagers, testCore, until, untilStatus } from '../harness'

afterEach(async () => {
  await stopAllManagers()
  await expectNoChildren()
})

/** tools/list requests the fixture server has answered so far (it counts them itself). */
async function toolsListServed(core: ReturnType<typeof testCore>, id: string): Promise<number> {
  const outcome = await core.dispatcher.call({ name: `${id}__stats` })
  if (outcome.status !== 'ok') throw new Error(outcome.status)
  return (outcome.result.structuredContent as { toolsList: number }).toolsList
}

describe('tool cache', () => {
  it('lists namespaced tools of every ready extension, and a cache hit sends zero tools/list', async () => {
    const core = testCore([fixture('fx', 'normal', ['--tools=120']), config({ id: 'system', name: 'System', type: 'builtin', builtin: 'system' })])
    await untilStatus(core.manager, 'fx', 'ready')
    await untilStatus(core.manager, 'system', 'ready')
    await core.cache.idle()
    const catalog = core.cache.catalog()
    expect(catalog.tools.filter((tool) => tool.extensionId === 'fx')).toHaveLength(133) // 13 fixed + 120 generated, over 3 pages
    expect(catalog.tools.map((tool) => tool.name)).toContain('system__get_current_time')
    expect(catalog.tools.every((tool) => ToolNamePattern.test(tool.name))).toBe(true)
    const served = await toolsListServed(core, 'fx')
    expect(served).toBe(3)
    const requests = core.cache.listRequests.tools

    // Many reads and calls: the catalog comes from the cache.
    for (let i = 0; i < 50; i++) {
      expect(core.cache.catalog().version).toBe(catalog.version)
      expect(core.cache.lookup('fx__echo')?.toolName).toBe('echo')
    }
    await core.dispatcher.call({ name: 'fx__echo', arguments: { text: 'hi' } })
    expect(await toolsListServed(core, 'fx')).toBe(served)
    expect(core.cache.listRequests.tools).toBe(requests)
    expect(core.cache.counts('fx').tools).toBe(133)
  })

  it('refreshes once per burst of list_changed (coalesced) and bumps the version', async () => {
    const core = testCore([fixture('fx')])
    await untilStatus(core.manager, 'fx', 'ready')
    await core.cache.idle()
    const before = core.cache.catalog().version
    const served = await toolsListServed(core, 'fx')
    await core.dispatcher.call({ name: 'fx__add_tool', arguments: { name: 'fresh', announcements: 25 } })
    await until(() => core.cache.lookup('fx__fresh') !== undefined, 'the new tool in the catalog')
    await core.cache.idle()
    expect(core.cache.catalog().version).toBeGreaterThan(before)
    // 25 notifications became one or two refreshes (one may already run when the rest arrive).
    expect((await toolsListServed(core, 'fx')) - served).toBeLessThanOrEqual(2)
  })

  it('gives a tool whose definition drifted a new definition hash (F15 input)', async () => {
    const core = testCore([fixture('fx')])
    await untilStatus(core.manager, 'fx', 'ready')
    await until(() => core.cache.lookup('fx__echo') !== undefined, 'tools')
    const before = core.cache.lookup('fx__echo')!.definitionHash
    const unchanged = core.cache.lookup('fx__sleep')!.definitionHash
    await core.dispatcher.call({ name: 'fx__drift' })
    await until(() => core.cache.lookup('fx__echo')?.definitionHash !== before, 'the drifted definition')
    expect(core.cache.lookup('fx__echo')?.description).toMatch(/forwards it somewhere/)
    expect(core.cache.lookup('fx__sleep')?.definitionHash).toBe(unchanged)
  })

  it('lists again after a reconnect, and drops a stopped extension without touching the others', async () => {
    const core = testCore([fixture('fx'), fixture('other')])
    await untilStatus(core.manager, 'fx', 'ready')
    await untilStatus(core.manager, 'other', 'ready')
    await core.cache.idle()
    expect(core.cache.counts('other').tools).toBe(13)
    await core.manager.setEnabled('fx', false)
    expect(core.cache.counts('fx').tools).toBe(0)
    expect(core.cache.counts('other').tools).toBe(13)
    await core.manager.setEnabled('fx', true)
    await untilStatus(core.manager, 'fx', 'ready')
    await until(() => core.cache.counts('fx').tools === 13, 'fx tools back after reconnect')
  })

  it('applies allow and deny lists live, without listing again', async () => {
    const core = testCore([fixture('fx', 'normal', [], { tools: { deny: ['hang', 'crash'] } })])
    await untilStatus(core.manager, 'fx', 'ready')
    await core.cache.idle()
    expect(core.cache.lookup('fx__hang')).toBeUndefined()
    expect(core.cache.lookup('fx__echo')).toBeDefined()
    const requests = core.cache.listRequests.tools
    await core.manager.update('fx', { ...core.manager.config('fx')!, tools: { allow: ['echo', 'stats'] } })
    expect(core.cache.catalog().tools.map((tool) => tool.toolName).sort()).toEqual(['echo', 'stats'])
    expect(core.cache.listRequests.tools).toBe(requests)
  })

  it('keeps switched-off tools apart: out of lookup and the catalog, listed for the page, reachable only by the own-server lookup and a dispatch that asks for them', async () => {
    const core = testCore([fixture('fx', 'normal', [], { tools: { deny: ['echo'] } })])
    await untilStatus(core.manager, 'fx', 'ready')
    await core.cache.idle()
    expect(core.cache.lookup('fx__echo')).toBeUndefined()
    expect(core.cache.catalog().tools.map((tool) => tool.name)).not.toContain('fx__echo')
    expect(core.cache.switchedOffTools().map((tool) => tool.name)).toEqual(['fx__echo'])
    expect(core.cache.counts('fx')).toMatchObject({ tools: 12, toolsOff: 1 })
    expect(core.cache.lookupOwn('fx', 'echo')?.name).toBe('fx__echo')
    expect(core.cache.lookupOwn('other', 'echo')).toBeUndefined()
    const refused = await core.dispatcher.call({ name: 'fx__echo', arguments: { text: 'hi' } })
    expect(refused).toMatchObject({ status: 'failed', message: expect.stringContaining('switched off') })
    const reached = await core.dispatcher.call({ name: 'fx__echo', arguments: { text: 'hi' } }, { switchedOffToo: true })
    expect(reached.status).toBe('ok')
    // Switched on again: back in the catalog, nothing left apart.
    await core.manager.update('fx', { ...core.manager.config('fx')!, tools: {} })
    expect(core.cache.lookup('fx__echo')).toBeDefined()
    expect(core.cache.switchedOffTools()).toEqual([])
  })

  it('catalogs resources, resource templates and prompts the same way (server-everything)', async () => {
    const core = testCore([npmServer('everything', everythingPath, ['stdio'])])
    await untilStatus(core.manager, 'everything', 'ready')
    await until(() => core.cache.catalog().prompts.length > 0 && core.cache.catalog().resources.length > 0, 'prompts and resources')
    await core.cache.idle()
    const catalog = core.cache.catalog()
    expect(catalog.prompts.every((prompt) => prompt.name.startsWith('everything__'))).toBe(true)
    expect(catalog.resources.every((resource) => resource.extensionId === 'everything')).toBe(true)
    expect(catalog.resourceTemplates.length).toBeGreaterThan(0)
    const echo = core.cache.lookup('everything__echo')
    expect(echo?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false })
    expect(echo?.definitionHash).toMatch(/^[0-9a-f]{64}$/)
    // Defaults from the spec apply when a server gives no hints.
    const unhinted = core.cache.catalog().tools.find((tool) => tool.extensionId === 'everything' && tool.toolName === 'get-env')
    expect(unhinted?.annotations.openWorldHint).toBeDefined()
  })
})
