/**
 * The design's rule for a turn's writes (docs/architecture.md, persistence; issue 33): one durable
 * write per committed message and nothing else. A one-tool turn commits four messages
 * (bench/support/turnSteps.ts COMMITS_PER_TURN), so it makes four fdatasyncs, all on the session's
 * file: the session list's new entry and its counts ride on them (sessionIndex.ts) instead of syncing
 * index.jsonl twice more. A new session's file adds one fsync of the sessions folder (its directory
 * entry), once per session; a turn in an existing session adds none. Counted on the real host, with a
 * scripted model and the fixture echo server over stdio; no wall time.
 */
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { hostTurns, prepareHost } from '../../../bench/support/turnSides'
import { COMMITS_PER_TURN } from '../../../bench/support/turnSteps'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { countDurableWrites } from '../../helpers/durableWrites'
import { testHostsStoppedAfterEach, type TestHost } from '../../helpers/testHost'
import { expectNoChildren, fixtureServerPath } from '../extensions/harness'

let model: ScriptedModelServer | undefined
const startTestHost = testHostsStoppedAfterEach(async () => {
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

/** Everything a turn started is written: the coalesced session-list save included (flushed instead of waited for). */
const settled = async (h: TestHost) => {
  await h.settle()
  await h.host.services.sessions.flush()
}

describe('durable writes of a turn', () => {
  it('a one-tool turn makes one fdatasync per committed message, on the session file only; a new session adds one directory sync', async () => {
    model = await startScriptedModelServer()
    const h = await startTestHost()
    const window = await h.connectOverWebSocket()
    await prepareHost(window, model, { command: process.execPath, args: [fixtureServerPath] })
    const turns = hostTurns(window, model)
    // A warm turn first: the first session also creates the session list's journal (once per data folder).
    const { sessionId: warm } = await turns.turn()
    await settled(h)

    const counter = await countDurableWrites()
    try {
      const { sessionId } = await turns.turn()
      await settled(h)
      const fresh = counter.writes.splice(0)
      expect(fresh.filter((write) => write.call === 'datasync')).toHaveLength(COMMITS_PER_TURN.length)
      expect(fresh.filter((write) => write.call === 'sync')).toHaveLength(1)
      if (process.platform === 'linux') {
        const sessions = join(h.dataDir, 'sessions')
        // The directory's sync runs beside the first line's write (sessionAppender.ts), so their order is not fixed: compared as sorted lists.
        const expected = [sessions, ...COMMITS_PER_TURN.map(() => join(sessions, `${sessionId}.jsonl`))]
        expect(fresh.map((write) => write.path ?? '').sort()).toEqual(expected.sort())
        expect(fresh.find((write) => write.call === 'sync')?.path).toBe(sessions)
      }

      // The next turn in a session that has a file: the four commits and nothing else.
      await turns.turn(warm)
      await settled(h)
      expect(counter.writes.map((write) => write.call)).toEqual(COMMITS_PER_TURN.map(() => 'datasync'))
      if (process.platform === 'linux') expect(new Set(counter.writes.map((write) => write.path))).toEqual(new Set([join(h.dataDir, 'sessions', `${warm}.jsonl`)]))
    } finally {
      counter.stop()
    }
    // The list still knows both sessions with their counts (what the unsynced lines carried).
    expect(h.host.services.sessions.get(warm)?.messageCount).toBe(4)
  })
})
