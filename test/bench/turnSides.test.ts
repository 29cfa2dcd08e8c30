/**
 * bench/turn.ts compares the host's turn with a bare script's (issue 33 item 4): the comparison is
 * fair only while both play the same scripted steps and make the same durable writes. Both sides run
 * here for real (the scripted model server, the fixture echo server over stdio, a host through its
 * window API) and are held to the shared definition in bench/support/turnSteps.ts. No wall time.
 */
import { describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { hostTurns, prepareHost, sessionFileKinds, startBareTurns } from '../../bench/support/turnSides'
import { COMMITS_PER_TURN, ECHO_ARGS, MODEL_REQUESTS_PER_TURN, TURN_TEXT } from '../../bench/support/turnSteps'
import { startScriptedModelServer, type ScriptedModelServer } from '../fixtures/modelServer/scriptedModelServer'
import { tempDir } from '../helpers/tempDir'
import { testHostsStoppedAfterEach } from '../helpers/testHost'
import { expectNoChildren, fixtureServerPath } from '../main/extensions/harness'

let model: ScriptedModelServer | undefined
const cleanups: (() => Promise<unknown>)[] = []
const startTestHost = testHostsStoppedAfterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

const echoServer = (log: string) => ({ command: process.execPath, args: [fixtureServerPath, `--call-times=${log}`] })
const callLines = async (log: string) => (await readFile(log, 'utf8')).split('\n').filter(Boolean)

/** What the model was sent in one request: the message roles and the echo result, if any. */
const sentToModel = (body: unknown) => {
  const messages = (body as { messages: { role: string; content: unknown }[] }).messages
  return { roles: messages.map((message) => message.role).filter((role) => role !== 'system'), echoed: JSON.stringify(messages).includes(ECHO_ARGS.text) }
}

describe('the turn bench', () => {
  it('plays the same scripted turn on both sides, with one tools/call and one durable write per committed message each', async () => {
    model = await startScriptedModelServer()
    const dir = await tempDir('switchboard-turn-sides-')
    cleanups.push(dir.remove)

    const bare = await startBareTurns(model, dir.path, echoServer(join(dir.path, 'bare-calls.log')))
    cleanups.push(() => bare.close())
    const bareTurn = await bare.turn()
    expect(bare.writes).toBe(COMMITS_PER_TURN.length)
    const bareLines = (await readFile(join(dir.path, 'bare-1.jsonl'), 'utf8')).split('\n').filter(Boolean)
    expect(bareLines.map((line) => (JSON.parse(line) as { kind: string }).kind)).toEqual([...COMMITS_PER_TURN])
    expect(await callLines(join(dir.path, 'bare-calls.log'))).toHaveLength(1)

    const h = await startTestHost()
    const window = await h.connectOverWebSocket()
    await prepareHost(window, model, echoServer(join(dir.path, 'host-calls.log')))
    const hostTurn = await hostTurns(window, model).turn()
    await h.settle()
    expect(await sessionFileKinds(join(h.dataDir, 'sessions'))).toEqual([...COMMITS_PER_TURN])
    expect(await callLines(join(dir.path, 'host-calls.log'))).toHaveLength(1)

    // The same model requests: as many per turn, the same conversation in each, the echo result in the second.
    expect(model.modelRequests).toHaveLength(2 * MODEL_REQUESTS_PER_TURN)
    const bareRequests = model.modelRequests.slice(bareTurn.firstRequest, bareTurn.firstRequest + MODEL_REQUESTS_PER_TURN)
    const hostRequests = model.modelRequests.slice(hostTurn.firstRequest, hostTurn.firstRequest + MODEL_REQUESTS_PER_TURN)
    expect(hostRequests.map((request) => sentToModel(request.body))).toEqual(bareRequests.map((request) => sentToModel(request.body)))
    expect(bareRequests.map((request) => sentToModel(request.body))).toEqual([
      { roles: ['user'], echoed: false },
      { roles: ['user', 'assistant', 'tool'], echoed: true },
    ])
    expect(JSON.stringify(hostRequests[0]?.body)).toContain(TURN_TEXT)
  })
})
