/**
 * Skills through the real host and the host API: local skill folders served by the builtin `skills`
 * server, a skills server on the v2 SDK (test/fixtures/servers/skillsFixtureServer.mjs), consent,
 * clashes, loading with load_skill (called by hand through tool_call, as the model's turn would).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addConsentedExtension, call, poll, read, selectScriptedModel } from '../../../helpers/hostCalls'
import { HistoryResourceSchema, ProgressResourceSchema, historyUri, progressUri } from '../../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../../fixtures/modelServer/scriptedModelServer'
import { skillsServerConfig, skillsWorld, type SkillsWorld } from './skillsWorld'

const text = (result: Awaited<ReturnType<typeof call>>) => (result.content as { type: string; text: string }[]).map((block) => block.text).join('\n')
/** load_skill as the person calls it by hand (no turn): the global choices apply. */
const loadSkill = async (world: SkillsWorld, args: Record<string, unknown>) => {
  const result = await world.client.callTool({ name: 'tool_call', arguments: { name: 'skills__load_skill', arguments: args } })
  return { isError: result.isError === true, text: text(result as never) }
}

let world: SkillsWorld

beforeAll(async () => {
  world = await skillsWorld()
  await world.waitFor('the local skills', (skills) => skills.filter((skill) => skill.extensionId === 'skills').length === 4)
}, 60_000)

afterAll(async () => {
  await world?.stop()
})

describe('local skill folders through the builtin skills server', () => {
  it('lists every local skill as Found (off) with its source, and a project skill shadows the personal one of its name', async () => {
    const skills = (await world.skills()).filter((skill) => skill.extensionId === 'skills')
    const byLabel = skills.map((skill) => [skill.name, skill.source, skill.state]).sort()
    expect(byLabel).toEqual([
      ['commit-messages', 'personal', 'shadowed'],
      ['commit-messages', 'project', 'found'],
      ['pdf-forms', 'personal', 'found'],
      ['release-notes', 'personal', 'found'],
    ])
    const shadowed = skills.find((skill) => skill.state === 'shadowed')!
    expect(shadowed.shadowedBy).toMatch(/^Project my-app \(\.agents\/skills\): commit-messages$/)
    const pdf = skills.find((skill) => skill.name === 'pdf-forms')!
    expect(pdf.sourceLabel).toBe('Personal (~/.agents/skills)')
    expect(pdf.files).toBe(3)
    expect(pdf.listTokens).toBeGreaterThan(10)
    // Nothing is on until the person says so: the model is told of no skill.
    expect(world.test.host.services.skills.promptFor({ sessionId: 'any' })).toBeUndefined()
    expect((await loadSkill(world, { name: 'pdf-forms' })).text).toMatch(/No enabled skill is named "pdf-forms"/)
  })

  it('turns a skill on, lists it for the model, loads it and the files it lists, and says what it cannot do', async () => {
    const pdf = await world.skill('pdf-forms')
    await call(world.client, 'skill_set_enabled', { extensionId: 'skills', uri: pdf.uri, enabled: true })
    expect((await world.skill('pdf-forms')).state).toBe('enabled')
    const prompt = world.test.host.services.skills.promptFor({ sessionId: 'any' })!
    expect(prompt).toContain('- pdf-forms: Fill in PDF forms from data the person gives')
    expect(prompt).not.toContain('release-notes')

    const loaded = await loadSkill(world, { name: 'pdf-forms' })
    expect(loaded.isError).toBe(false)
    expect(loaded.text).toContain('# Filling PDF forms')
    expect(loaded.text).toContain('Files of this skill')
    expect(loaded.text).toContain('references/FORMS.md')
    expect(loaded.text).toMatch(/"allowed-tools" is ignored/)
    expect(loaded.text).toMatch(/names scripts \(scripts\/fill_form\.py\), but no enabled tool can run them/)

    const forms = await loadSkill(world, { name: 'pdf-forms', path: 'references/FORMS.md' })
    expect(forms.text).toContain('Checkboxes take `/Yes` or `/Off`')
    // Only what the manifest lists, never a path out of the skill.
    expect((await loadSkill(world, { name: 'pdf-forms', path: '../commit-messages/SKILL.md' })).isError).toBe(true)
    expect((await loadSkill(world, { name: 'pdf-forms', path: 'references/OTHER.md' })).text).toMatch(/not a file of the skill|not one of the files/)

    const preview = (await call(world.client, 'skill_preview', { extensionId: 'skills', uri: pdf.uri })).structuredContent as { body: string; notes: string[]; files: string[] }
    expect(preview.body).toContain('Never invent data')
    expect(preview.files).toContain('scripts/fill_form.py')
    expect(preview.notes.join(' ')).toMatch(/allowed-tools/)
  })

  it('serves a local skill as it is now: an edit made while the app runs is what loads', async () => {
    const { readFile, writeFile } = await import('node:fs/promises')
    const path = `${world.home}/.agents/skills/pdf-forms/SKILL.md`
    const text = await readFile(path, 'utf8')
    await writeFile(path, text.replace('Never invent data for a required field; ask instead.', 'Never invent data; ask the person (edited).'))
    const loaded = await loadSkill(world, { name: 'pdf-forms' })
    expect(loaded.isError).toBe(false)
    expect(loaded.text).toContain('ask the person (edited)')
    expect((await world.skill('pdf-forms')).state).toBe('enabled')
  })

  it('enables per session and per agent, the session choice beating the agent and the global one', async () => {
    const release = await world.skill('release-notes')
    const { skills } = world.test.host.services
    await call(world.client, 'skill_set_enabled', { extensionId: 'skills', uri: release.uri, enabled: true, scope: 'session', id: 's-1' })
    expect(skills.promptFor({ sessionId: 's-1' })).toContain('- release-notes:')
    expect(skills.promptFor({ sessionId: 's-2' })).not.toContain('release-notes')
    await call(world.client, 'skill_set_enabled', { extensionId: 'skills', uri: release.uri, enabled: true, scope: 'agent', id: 'writer' })
    expect(skills.promptFor({ sessionId: 's-2', agentId: 'writer' })).toContain('- release-notes:')
    expect(skills.promptFor({ sessionId: 's-2', agentId: 'assistant' })).not.toContain('release-notes')
    await call(world.client, 'skill_set_enabled', { extensionId: 'skills', uri: release.uri, enabled: false, scope: 'session', id: 's-3' })
    expect(skills.promptFor({ sessionId: 's-3', agentId: 'writer' })).not.toContain('release-notes')
    const view = await world.skill('release-notes')
    expect(view).toMatchObject({ state: 'found', sessions: { 's-1': true, 's-3': false }, agents: { writer: true } })
  })

  it('refuses to turn on a shadowed skill, naming the one that wins', async () => {
    const shadowed = (await world.skills()).find((skill) => skill.state === 'shadowed')!
    await expect(call(world.client, 'skill_set_enabled', { extensionId: 'skills', uri: shadowed.uri, enabled: true })).rejects.toThrow(/shadowed by Project my-app/)
  })
})

describe('a skills server (SEP-2640) on the v2 SDK', () => {
  beforeAll(async () => {
    await addConsentedExtension(world.client, skillsServerConfig(world))
    await world.waitFor("the server's skills", (skills) => skills.filter((skill) => skill.extensionId === 'acme').length === 4)
  }, 60_000)

  it('lists its skills as Found, tagged with the server, without reading a single file', async () => {
    const refunds = await world.skill('refunds', 'acme')
    expect(refunds).toMatchObject({ source: 'server', sourceLabel: 'Server Acme skills', state: 'found', dynamic: false, files: 2 })
    expect((await world.skill('daily', 'acme')).dynamic).toBe(true)
    // A server's skill never shadows a local one: the server's pdf-forms loses.
    expect(await world.skill('pdf-forms', 'acme')).toMatchObject({ state: 'shadowed', shadowedBy: 'Personal (~/.agents/skills): pdf-forms' })
    expect(await world.serverReads()).toEqual([])
  })

  it('loads a turned-on skill only when asked (SKILL.md first, its files when read), tagged with its origin', async () => {
    const refunds = await world.skill('refunds', 'acme')
    await call(world.client, 'skill_set_enabled', { extensionId: 'acme', uri: refunds.uri, enabled: true })
    expect(await world.serverReads()).toEqual([])
    expect(world.test.host.services.skills.promptFor({ sessionId: 'x' })).toContain('- refunds (from Acme skills): Process customer refund requests')
    const loaded = await loadSkill(world, { name: 'refunds' })
    expect(loaded.text).toContain('source="from the extension "Acme skills"')
    expect(loaded.text).toContain('# Refunds (v1)')
    expect(await world.serverReads()).toEqual(['skill://acme/billing/refunds/SKILL.md'])
    await loadSkill(world, { name: 'refunds', path: 'examples/email.md' })
    expect(await world.serverReads()).toEqual(['skill://acme/billing/refunds/SKILL.md', 'skill://acme/billing/refunds/examples/email.md'])
    // Unlisted: refused before any request reaches the server.
    expect((await loadSkill(world, { name: 'refunds', path: 'scripts/steal.py' })).isError).toBe(true)
    expect(await world.serverReads()).toHaveLength(2)
  })

  it("cannot reach another extension's files: a server's skill reads only files its own manifest lists", async () => {
    const reads = (await world.serverReads()).length
    const reach = await loadSkill(world, { name: 'refunds', path: 'skill://personal/pdf-forms/SKILL.md' })
    expect(reach.isError).toBe(true)
    expect(reach.text).not.toContain('Filling PDF forms')
    expect(await world.serverReads()).toHaveLength(reads)
  })

  it('refuses a skill whose file does not match its manifest, and uses none of it', async () => {
    const lying = await world.skill('lying', 'acme')
    await call(world.client, 'skill_set_enabled', { extensionId: 'acme', uri: lying.uri, enabled: true })
    const loaded = await loadSkill(world, { name: 'lying' })
    expect(loaded.isError).toBe(true)
    expect(loaded.text).toMatch(/does not match what the server listed for it \(its content differs\)/)
    expect(loaded.text).not.toContain('sneaky')
  })

  it('binds consent to the {uri, digest} set: a changed skill needs approval again before anything of it loads', async () => {
    await world.changeServerSkill()
    const changed = await loadSkill(world, { name: 'refunds' })
    expect(changed.isError).toBe(true)
    expect(changed.text).toMatch(/Skill changed — needs approval again/)
    expect(await world.skill('refunds', 'acme')).toMatchObject({ state: 'changed' })
    expect(world.test.host.services.skills.promptFor({ sessionId: 'x' })).not.toContain('refunds')
    const reads = (await world.serverReads()).length
    // Approved again: the new text loads.
    const refunds = await world.skill('refunds', 'acme')
    await call(world.client, 'skill_set_enabled', { extensionId: 'acme', uri: refunds.uri, enabled: true })
    expect((await loadSkill(world, { name: 'refunds' })).text).toContain('# Refunds (v2)')
    expect((await world.serverReads()).slice(reads)).toEqual(['skill://acme/billing/refunds/SKILL.md'])
  })

  it('turns a dynamic skill on only for this run, and loads it unverified but checked for frontmatter', async () => {
    const daily = await world.skill('daily', 'acme')
    await call(world.client, 'skill_set_enabled', { extensionId: 'acme', uri: daily.uri, enabled: true })
    expect((await loadSkill(world, { name: 'daily' })).text).toContain('Generated report body.')
    const { readFile } = await import('node:fs/promises')
    const saved = JSON.parse(await readFile(`${world.test.dataDir}/skills.json`, 'utf8')) as { consent: Record<string, unknown> }
    expect(Object.keys(saved.consent).some((key) => key.includes('reports/daily'))).toBe(false)
    expect(Object.keys(saved.consent).some((key) => key.includes('billing/refunds'))).toBe(true)
  })
})

describe('in a turn: the model sees the enabled skills and loads one with load_skill', () => {
  let model: ScriptedModelServer | undefined
  afterAll(async () => {
    await model?.stop()
  })

  it("lists the session's skills in the system prompt and loads them for that session only", async () => {
    const loadCall = { type: 'tool-calls' as const, calls: [{ name: 'skills__load_skill', args: { name: 'commit-messages' } }] }
    model = await startScriptedModelServer({ turns: [loadCall, { type: 'text', chunks: ['Done.'] }, loadCall, { type: 'text', chunks: ['Could not.'] }] })
    await selectScriptedModel(world.client, model.baseUrl)
    const project = (await world.skills()).find((skill) => skill.name === 'commit-messages' && skill.source === 'project')!
    const mine = (await call(world.client, 'session_create', {})).structuredContent as { id: string }
    const other = (await call(world.client, 'session_create', {})).structuredContent as { id: string }
    await call(world.client, 'skill_set_enabled', { extensionId: 'skills', uri: project.uri, enabled: true, scope: 'session', id: mine.id })

    await call(world.client, 'chat_send', { sessionId: mine.id, text: 'Write the commit message for this change.' })
    const history = await poll(() => read(world.client, historyUri(mine.id), HistoryResourceSchema), (view) => view.messages.some((message) => message.role === 'assistant' && JSON.stringify(message).includes('Done.')), 'the first turn')
    const [first, second] = model.modelRequests.map((request) => JSON.stringify(request.body))
    expect(first).toContain('- commit-messages: This project')
    expect(first).not.toContain('release-notes')
    // The tool result that went back to the model: the project's SKILL.md, tagged with its source.
    expect(second).toContain('Use `type(scope): subject`')
    expect(second).toContain('Project my-app (.agents/skills)')
    expect(JSON.stringify(history)).toContain('skills__load_skill')

    await call(world.client, 'chat_send', { sessionId: other.id, text: 'Write the commit message for this change.' })
    await poll(() => read(world.client, historyUri(other.id), HistoryResourceSchema), (view) => JSON.stringify(view).includes('Could not.'), 'the second turn')
    const [third, fourth] = model.modelRequests.slice(2).map((request) => JSON.stringify(request.body))
    expect(third).not.toContain('- commit-messages:')
    expect(fourth).toContain('No enabled skill is named')
  })

  it('in Ask mode too, load_skill runs without an approval: the person consented to the text when turning the skill on', async () => {
    await call(world.client, 'permission_mode_set', { mode: 'ask' })
    try {
      const loadCall = { type: 'tool-calls' as const, calls: [{ name: 'skills__load_skill', args: { name: 'commit-messages' } }] }
      model!.push(loadCall, { type: 'text', chunks: ['Loaded without asking.'] })
      const session = (await call(world.client, 'session_create', {})).structuredContent as { id: string }
      const project = (await world.skills()).find((skill) => skill.name === 'commit-messages' && skill.source === 'project')!
      await call(world.client, 'skill_set_enabled', { extensionId: 'skills', uri: project.uri, enabled: true, scope: 'session', id: session.id })
      await call(world.client, 'chat_send', { sessionId: session.id, text: 'Write the commit message.' })
      await poll(() => read(world.client, progressUri(session.id), ProgressResourceSchema), (progress) => progress.turn === null, 'the turn to end without an approval')
      const history = await read(world.client, historyUri(session.id), HistoryResourceSchema)
      expect(JSON.stringify(history)).toContain('Loaded without asking.')
      expect(JSON.stringify(history)).toContain('Use `type(scope): subject`')
    } finally {
      await call(world.client, 'permission_mode_set', { mode: 'smart' })
    }
  })

  it('loads a skill by hand with /skill:name (and /name): the model gets the checked skill, the person sees what they typed', async () => {
    model!.push({ type: 'text', chunks: ['Filled.'] }, { type: 'text', chunks: ['Noted.'] })
    const before = model!.modelRequests.length
    const session = (await call(world.client, 'session_create', {})).structuredContent as { id: string }
    await call(world.client, 'chat_send', { sessionId: session.id, text: '/skill:pdf-forms Fill this W-9 for Ann.' })
    const history = await poll(() => read(world.client, historyUri(session.id), HistoryResourceSchema), (view) => JSON.stringify(view).includes('Filled.'), 'the /skill: turn')
    const sent = JSON.stringify(model!.modelRequests[before]!.body)
    expect(sent).toContain('# Filling PDF forms')
    expect(sent).toContain('Fill this W-9 for Ann.')
    expect(JSON.stringify(history.messages[0])).toContain('/skill:pdf-forms Fill this W-9 for Ann.')
    // A bare /name works too when it is a skill (and no prompt has the name); sent once the first turn has ended.
    await poll(() => read(world.client, progressUri(session.id), ProgressResourceSchema), (progress) => progress.turn === null, 'the /skill: turn to end')
    await call(world.client, 'chat_send', { sessionId: session.id, text: '/release-notes for 2.4' })
    await poll(() => read(world.client, historyUri(session.id), HistoryResourceSchema), (view) => JSON.stringify(view).includes('Noted.'), 'the /name turn')
    expect(JSON.stringify(model!.modelRequests.at(-1)!.body)).toContain('Start from `templates/NOTES.md`')
    await expect(call(world.client, 'chat_send', { sessionId: session.id, text: '/skill:no-such-skill now' })).rejects.toThrow(/No skill "no-such-skill" is turned on/)
  })
})
