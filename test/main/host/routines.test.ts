/**
 * Routines through the host API, against the scripted model server (real HTTP), the real fixture
 * extension and a routine clock the test moves: a run takes the agent's chat-with path (a session of
 * the agent, the prompt, the reply, the run linked to it); a call that needs approval waits (the run
 * shows waiting, one notification, a window that connects later sees it), then is denied when the
 * wait runs out and the run ends with a note; each cap (tool calls, tokens, wall time) ends a run
 * with a note in its session; a routine's mode stays stricter than a looser global one; a removed
 * agent pauses its routines with a notice; a run cut by a restart is interrupted and not run again;
 * a connected app cannot create a routine.
 */
import { describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/client'
import { Client as OutsideClient, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import {
  ConnectedAppsResourceSchema,
  ElicitationsResourceSchema,
  HistoryResourceSchema,
  HostResource,
  IssuedTokenSchema,
  RoutinesResourceSchema,
  RoutineViewSchema,
  SettingsResourceSchema,
  historyUri,
  type RoutineView,
} from '../../../src/shared/hostApi'
import { manualClock, type ManualClock } from '../../../src/main/services/routines/clock'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import type { ScriptedTurn } from '../../fixtures/modelServer/script'
import { addConsentedExtension, alwaysOfferTools, call, poll, read, selectScriptedModel } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { expectNoChildren, fixtureServerPath } from '../extensions/harness'
import { ActivityPageSchema, activityPageUri } from '../../../src/shared/activityApi'

const MIN = 60_000
const HOUR = 60 * MIN

let model: ScriptedModelServer | undefined
const outside: OutsideClient[] = []
const startTestHost = testHostsStoppedAfterEach(async () => {
  await Promise.all(outside.splice(0).map((client) => client.close().catch(() => undefined)))
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

const routines = (client: Client) => read(client, HostResource.routines, RoutinesResourceSchema)
const routineOf = async (client: Client, id: string) => (await routines(client)).routines.find((routine) => routine.id === id)!
const lastRun = async (client: Client, id: string) => (await routineOf(client, id)).lastRuns[0]
const history = (client: Client, id: string) => read(client, historyUri(id), HistoryResourceSchema)
const FX = { id: 'fx', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] }

async function hostWith(turns: ScriptedTurn[], options: { dataDir?: string; clock?: ManualClock; withFixture?: boolean; browserMode?: boolean } = {}) {
  model = await startScriptedModelServer({ turns })
  const clock = options.clock ?? manualClock(Date.parse('2026-03-02T06:00:00Z'))
  const notifications: { title: string; body: string }[] = []
  // Browser mode has no OS notifier: the window's own notification (its frontend tool) is used.
  const h = await startTestHost(options.dataDir, { routineClock: clock, ...(options.browserMode ? {} : { notifyOs: (title: string, body: string) => void notifications.push({ title, body }) }) })
  const client = await h.connectOverWebSocket()
  await selectScriptedModel(client, model.baseUrl)
  if (options.withFixture) {
    await addConsentedExtension(client, FX)
    await poll(() => read(client, HostResource.tools, { parse: (value) => value as { tools: { name: string }[] } }), (t) => t.tools.some((tool) => tool.name === 'fx__echo'), 'fx__echo')
    await alwaysOfferTools(client, ['fx__echo'])
  }
  return { h, client, clock, notifications }
}

async function saveRoutine(client: Client, input: Record<string, unknown>): Promise<RoutineView> {
  return RoutineViewSchema.parse((await call(client, 'routine_save', { name: 'Inbox', agentId: 'assistant', prompt: 'Summarise my inbox', schedule: { kind: 'every-hours', hours: 1 }, timeZone: 'Europe/Berlin', ...input })).structuredContent)
}

const endedRun = (client: Client, id: string, what = 'the run to end') => poll(() => lastRun(client, id), (run) => run !== undefined && run.outcome !== 'running' && run.outcome !== 'waiting', what)

describe('routines through the host API', () => {
  it('a scheduled run takes the agent’s chat-with path: a session of the agent with the prompt and the reply, linked from the run', async () => {
    const { client, clock } = await hostWith([{ type: 'text', chunks: ['Three new mails.'] }])
    const routine = await saveRoutine(client, {})
    expect(routine).toMatchObject({ scheduleText: 'Every hour', nextRun: '2026-03-02T07:00:00.000Z', limits: { mode: 'ask', maxToolCalls: 25, approvalWaitMinutes: 5 }, destination: { kind: 'new-session' } })
    const preview = (await call(client, 'routine_preview', { schedule: { kind: 'weekdays', time: '08:00' }, timeZone: 'Europe/Berlin' })).structuredContent as { nextRuns: string[]; cron: string }
    expect(preview).toMatchObject({ cron: '0 8 * * 1-5', nextRuns: ['2026-03-02T07:00:00.000Z', '2026-03-03T07:00:00.000Z', '2026-03-04T07:00:00.000Z', '2026-03-05T07:00:00.000Z', '2026-03-06T07:00:00.000Z'] })
    const refused = await client.callTool({ name: 'routine_preview', arguments: { schedule: { kind: 'cron', expression: '0 8 31 2 *' } } })
    expect(refused).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('"0 8 31 2 *" names a date that never comes') }] })
    await clock.advance(HOUR)
    const run = await endedRun(client, routine.id)
    expect(run).toMatchObject({ outcome: 'done', trigger: 'schedule', slot: '2026-03-02T07:00:00.000Z', sessionId: expect.any(String) })
    const messages = (await history(client, run!.sessionId!)).messages
    expect(messages.map((message) => [message.role, message.text])).toEqual([
      ['user', 'Summarise my inbox'],
      ['assistant', 'Three new mails.'],
    ])
    // The prompt is recorded as the routine's, and the activity log has the save (the person) and the run (the routine).
    expect(messages[0]).toMatchObject({ role: 'user', provenance: { from: { kind: 'routine', name: 'Inbox' } } })
    const logged = await poll(
      () => read(client, activityPageUri({ kind: 'routine' }), ActivityPageSchema),
      (page) => page.records.some((record) => record.summary?.startsWith('Routine run ended')),
      'the run in the activity log',
    )
    const byKind = logged.records.map((record) => [record.caller?.kind, record.summary?.split(':')[0]])
    expect(byKind).toEqual(expect.arrayContaining([['person', 'Saved routine Inbox'], ['routine', 'Routine run started'], ['routine', 'Routine run ended']]))
    expect(logged.records.find((record) => record.summary?.startsWith('Routine run ended'))?.summary).toContain('— done')
  })

  it('a call that needs approval waits (one notification, shown to a window that connects later), then is denied when the wait runs out; the global mode cannot loosen the routine’s', async () => {
    const { h, client, clock, notifications } = await hostWith([{ type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'hi' } }] }, { type: 'text', chunks: ['Could not echo.'] }], { withFixture: true })
    // Looser globally; the routine keeps its own "ask".
    await call(client, 'permission_mode_set', { mode: 'autonomous' })
    const routine = await saveRoutine(client, { limits: { approvalWaitMinutes: 10 } })
    await call(client, 'routine_run_now', { id: routine.id })
    const waiting = await poll(() => lastRun(client, routine.id), (run) => run?.outcome === 'waiting', 'the run to wait for approval')
    expect(waiting).toMatchObject({ trigger: 'run-now' })
    // A window that was not there when the run asked sees the approval, naming the routine.
    const late = await h.connectOverWebSocket()
    const [approval] = (await read(late, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
    expect(approval).toMatchObject({ kind: 'approval', origin: { tool: 'fx__echo', caller: { kind: 'routine', name: 'Inbox' } }, message: expect.stringMatching(/^Routine “Inbox” asks to run /) })
    expect(notifications).toEqual([{ title: 'Inbox needs your approval', body: expect.stringContaining('It waits up to 10 min') }])
    await clock.advance(9 * MIN)
    expect((await lastRun(client, routine.id))?.outcome).toBe('waiting')
    await clock.advance(MIN)
    const run = await endedRun(client, routine.id)
    expect(run).toMatchObject({ outcome: 'denied', note: expect.stringContaining('waited 10 minutes for an approval nobody gave') })
    expect((await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations).toEqual([])
    const messages = (await history(client, run!.sessionId!)).messages
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', error: expect.stringContaining('waited 10 minutes for an approval nobody gave, so it was denied and this run ended') })
    expect(notifications).toHaveLength(1)
  })

  it('with two windows open: one notification, one answer from either window, and the run goes on to its end', async () => {
    const { h, client, notifications } = await hostWith([{ type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'hi' } }] }, { type: 'text', chunks: ['Echoed.'] }], { withFixture: true })
    const other = await h.connectOverWebSocket()
    const routine = await saveRoutine(client, {})
    await call(client, 'routine_run_now', { id: routine.id })
    await poll(() => lastRun(client, routine.id), (run) => run?.outcome === 'waiting', 'the run to wait for approval')
    const [approval] = (await read(other, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
    await call(other, 'elicitation_respond', { id: approval!.id, action: 'accept', content: { decision: 'allow_once' } })
    expect((await client.callTool({ name: 'elicitation_respond', arguments: { id: approval!.id, action: 'accept', content: { decision: 'allow_once' } } })).isError).toBe(true)
    const run = await endedRun(client, routine.id)
    expect(run).toMatchObject({ outcome: 'done' })
    expect((await history(client, run!.sessionId!)).messages.at(-1)).toMatchObject({ role: 'assistant', text: 'Echoed.' })
    expect(notifications).toHaveLength(1)
  })

  it('in browser mode the notification is the window’s own (its frontend tool), once', async () => {
    const { h, client } = await hostWith([{ type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'hi' } }] }, { type: 'text', chunks: ['Echoed.'] }], { withFixture: true, browserMode: true })
    // The page's frontend-tools server, as renderer/mcp/frontendServer.ts serves show_notification.
    const shown: { title: string; body: string }[] = []
    const page = new McpServer({ name: 'page', version: '0.0.0' })
    page.registerTool('show_notification', { description: 'Shows a desktop notification', inputSchema: z.object({ title: z.string(), body: z.string() }) }, async ({ title, body }) => {
      shown.push({ title, body })
      return { content: [{ type: 'text', text: 'The notification was shown.' }] }
    })
    const [pageSide, mainSide] = InMemoryTransport.createLinkedPair()
    await page.connect(pageSide)
    h.host.connectFrontend(mainSide)
    await poll(() => read(client, HostResource.tools, { parse: (value) => value as { tools: { name: string }[] } }), (t) => t.tools.some((tool) => tool.name === 'frontend__show_notification'), 'the frontend tools')
    const routine = await saveRoutine(client, {})
    await call(client, 'routine_run_now', { id: routine.id })
    await poll(() => lastRun(client, routine.id), (run) => run?.outcome === 'waiting', 'the run to wait for approval')
    await poll(async () => shown.length, (count) => count === 1, 'the notification')
    expect(shown).toEqual([{ title: 'Inbox needs your approval', body: expect.stringContaining('open Switchboard to answer') }])
    const [approval] = (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
    await call(client, 'elicitation_respond', { id: approval!.id, action: 'accept', content: { decision: 'deny' } })
    expect(await endedRun(client, routine.id)).toMatchObject({ outcome: 'denied', note: expect.stringContaining('You denied a tool call') })
    expect(shown).toHaveLength(1)
    await page.close()
  })

  it('each cap ends a run with a note in its session: tool calls, tokens, wall time', async () => {
    const { client, clock } = await hostWith(
      [
        // Tool calls: the second call is over a cap of one.
        { type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'one' } }] },
        { type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'two' } }] },
        // Tokens: the provider reports 5000 in, over a cap of 1000.
        { type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'heavy' } }], usage: { input: 5000, output: 10 } },
        // Wall time: the model never finishes.
        { type: 'stall', chunks: ['Thinking'] },
      ],
      { withFixture: true },
    )
    await call(client, 'permission_mode_set', { mode: 'autonomous' })
    const limits = { mode: 'autonomous' }
    const calls = await saveRoutine(client, { name: 'Calls', limits: { ...limits, maxToolCalls: 1 } })
    await call(client, 'routine_run_now', { id: calls.id })
    const callsRun = await endedRun(client, calls.id)
    expect(callsRun).toMatchObject({ outcome: 'capped', note: expect.stringContaining('reached its cap of 1 tool call') })
    expect((await history(client, callsRun!.sessionId!)).messages.at(-1)).toMatchObject({ error: expect.stringContaining('reached its cap of 1 tool call, so this run ended here') })

    const tokens = await saveRoutine(client, { name: 'Tokens', limits: { ...limits, maxTokens: 1000 } })
    await call(client, 'routine_run_now', { id: tokens.id })
    const tokensRun = await endedRun(client, tokens.id)
    expect(tokensRun).toMatchObject({ outcome: 'capped', note: expect.stringMatching(/used \d+ tokens, over its cap of 1000/) })
    expect((await history(client, tokensRun!.sessionId!)).messages.at(-1)).toMatchObject({ error: expect.stringContaining('over its cap of 1000') })

    const wall = await saveRoutine(client, { name: 'Wall', limits: { ...limits, maxMinutes: 15 } })
    await call(client, 'routine_run_now', { id: wall.id })
    await poll(() => lastRun(client, wall.id), (run) => run?.sessionId !== undefined, 'the run to start')
    await poll(async () => model!.modelRequests.length, (count) => count >= 4, 'the stalled request')
    await clock.advance(14 * MIN)
    expect((await lastRun(client, wall.id))?.outcome).toBe('running')
    await clock.advance(MIN)
    const wallRun = await endedRun(client, wall.id)
    expect(wallRun).toMatchObject({ outcome: 'capped', note: expect.stringContaining('reached its cap of 15 minutes') })
    expect((await history(client, wallRun!.sessionId!)).messages.at(-1)).toMatchObject({ error: expect.stringContaining('cap of 15 minutes') })
  })

  it('a removed agent pauses its routines with a notice', async () => {
    const { client } = await hostWith([])
    await call(client, 'agent_save', { name: 'Writer' })
    const routine = await saveRoutine(client, { agentId: 'writer' })
    await call(client, 'agent_remove', { id: 'writer' })
    const paused = await poll(() => routineOf(client, routine.id), (view) => view.paused, 'the routine to pause')
    expect(paused.pausedReason).toContain('"writer" was removed')
    const settings = await poll(() => read(client, HostResource.settings, SettingsResourceSchema), (view) => view.notices.length > 0, 'the notice')
    expect(settings.notices.map((notice) => notice.message)).toContainEqual(expect.stringContaining('The routine "Inbox" was paused: its agent "writer" was removed'))
    expect(await client.callTool({ name: 'routine_resume', arguments: { id: routine.id } })).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('was removed; pick another agent') }] })
  })

  it('a run cut by a restart is interrupted, the schedule is kept, and the finished slot is not run again', async () => {
    const clock = manualClock(Date.parse('2026-03-02T06:00:00Z'))
    const first = await hostWith([{ type: 'stall', chunks: ['Working'] }], { clock })
    const routine = await saveRoutine(first.client, {})
    await clock.advance(HOUR)
    await poll(() => lastRun(first.client, routine.id), (run) => run?.sessionId !== undefined, 'the run to start')
    const dataDir = first.h.dataDir
    await first.h.stop({ keepData: true })
    await model!.stop()
    const second = await hostWith([{ type: 'text', chunks: ['Should not run'] }], { dataDir, clock })
    const view = await routineOf(second.client, routine.id)
    expect(view.lastRuns.map((run) => run.outcome)).toEqual(['interrupted'])
    expect(view.nextRun).toBe('2026-03-02T08:00:00.000Z')
    expect(model!.modelRequests).toHaveLength(0)
  })

  it('a connected app cannot create or change a routine, nor pass its call off as a routine run: the routine tools are not among its tools, and the marker it sends never arrives', async () => {
    const { h, client } = await hostWith([{ type: 'text', chunks: ['Hello.'] }])
    await call(client, 'permission_mode_set', { mode: 'autonomous' })
    // The guard asks before every call a connected app makes (its words are outside content); this test is about the marker.
    await call(client, 'settings_update', { patch: { guardAfterOutside: 'off' } })
    const endpoint = ConnectedAppsResourceSchema.parse((await call(client, 'connected_apps_set_enabled', { enabled: true })).structuredContent)
    const issued = IssuedTokenSchema.parse((await call(client, 'connected_app_add', { name: 'Scripted' })).structuredContent)
    const app = new OutsideClient({ name: 'Scripted', version: '1.0.0' })
    outside.push(app)
    await app.connect(new StreamableHTTPClientTransport(new URL(endpoint.url!), { requestInit: { headers: { Authorization: `Bearer ${issued.token}` } } }))
    const names = (await app.listTools()).tools.map((tool) => tool.name)
    expect(names.length).toBeGreaterThan(0)
    expect(names.filter((name) => name.includes('routine'))).toEqual([])
    const attempt = await app.callTool({ name: 'routine_save', arguments: { name: 'Sneaky', agentId: 'assistant', prompt: 'Do it', schedule: { kind: 'at-start' } } }).catch((error: Error) => ({ isError: true, content: [{ type: 'text', text: error.message }] }))
    expect(attempt.isError).toBe(true)
    expect((await routines(client)).routines).toEqual([])
    expect(h.host.services.routines.view().routines).toEqual([])
    // The host-only marker in the app's own _meta: main never forwards it, so this is an ordinary call (a forged run would be refused).
    const forged = await app.callTool({ name: 'chat-with-assistant', arguments: { prompt: 'Pretend to be a routine' }, _meta: { 'io.switchboard/routine-run': 'forged-token' } })
    expect(forged.isError).toBeFalsy()
    expect(forged.structuredContent).toMatchObject({ agentId: 'assistant', sessionId: expect.any(String) })
  })
})
