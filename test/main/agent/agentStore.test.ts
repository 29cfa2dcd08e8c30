/** agents.json: the default Assistant always there, ids from names that never change, mode cleared with null, a damaged file moved aside. */
import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { composeSystemPrompt, openAgentStore } from '../../../src/main/agent'
import { agentSlug } from '../../../src/shared/agentsApi'
import { tempDir } from '../../helpers/tempDir'

const dirs: { remove: () => Promise<void> }[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await dir.remove()
})
async function dataDir() {
  const dir = await tempDir('switchboard-agents-')
  dirs.push(dir)
  return dir.path
}

describe('agent store', () => {
  it('starts with the Assistant, adds agents under the slug of their name, and reads them back', async () => {
    const dir = await dataDir()
    const store = await openAgentStore(dir)
    expect(store.list()).toEqual([{ id: 'assistant', name: 'Assistant', description: '', instructions: '', model: null, extensions: 'all' }])
    const saved = await store.save({ name: '  Code Reviewer ', instructions: 'Be strict.', extensions: ['fx'], permissionMode: 'ask' })
    expect(saved).toMatchObject({ id: 'code-reviewer', name: 'Code Reviewer', permissionMode: 'ask', extensions: ['fx'] })
    // Renaming keeps the id (sessions and other agents refer to it); null clears the mode.
    const renamed = await store.save({ id: 'code-reviewer', name: 'Strict Reviewer', permissionMode: null })
    expect(renamed).toEqual({ id: 'code-reviewer', name: 'Strict Reviewer', description: '', instructions: 'Be strict.', model: null, extensions: ['fx'] })
    await store.save({ id: 'assistant', name: 'Assistant', extensions: ['agent-code-reviewer', 'fx'] })
    const again = await openAgentStore(dir)
    expect(again.list().map((agent) => agent.id)).toEqual(['assistant', 'code-reviewer'])

    await expect(again.save({ name: 'Code reviewer!' })).rejects.toThrow(/exists already/)
    await expect(again.save({ name: '¿?' })).rejects.toThrow(/no letters or digits/)
    await expect(again.save({ id: 'gone', name: 'Gone' })).rejects.toThrow(/No agent with id "gone"/)
    await expect(again.remove('assistant')).rejects.toThrow(/cannot be removed/)
    expect(await again.remove('code-reviewer')).toBe(true)
    expect(await again.remove('code-reviewer')).toBe(false)
    // Whoever listed the removed agent no longer does.
    expect(again.get('assistant')?.extensions).toEqual(['fx'])
  })

  it('moves a damaged file aside and starts with the Assistant and a notice', async () => {
    const dir = await dataDir()
    await writeFile(join(dir, 'agents.json'), '{"version": 1, "agents": [{"id": "Not A Slug"}]}')
    const store = await openAgentStore(dir)
    expect(store.list().map((agent) => agent.id)).toEqual(['assistant'])
    const [notice] = store.takeNotices()
    expect(notice?.message).toMatch(/The agents file could not be read/)
    expect(notice?.movedTo).toBeDefined()
    expect(await readdir(dir)).toContain(notice!.movedTo!.split(/[\\/]/).at(-1))
    expect(store.takeNotices()).toEqual([])
  })

  it('makes ids that fit a tool name, and puts the agent instructions before the session ones', () => {
    expect(agentSlug('Ünïcode  Helper')).toBe('unicode-helper')
    expect(agentSlug('A very long agent name indeed')).toBe('a-very-long-agent-na')
    expect(agentSlug('Research--')).toBe('research')
    expect(composeSystemPrompt({ agent: ' You review. ', session: 'This repo is Go.' })).toBe('You review.\n\nThis repo is Go.')
    expect(composeSystemPrompt({ agent: '', session: undefined })).toBeUndefined()
  })
})
