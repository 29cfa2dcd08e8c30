/**
 * logging/setLevel goes only to servers that declare the `logging` capability: a fixture server
 * started with --no-logging never receives it (neither when the level is chosen nor at connect),
 * and nothing fails or warns, while the same server with logging does receive it.
 */
import { describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/client'
import { ElicitationsResourceSchema, ExtensionLogResourceSchema, ExtensionsResourceSchema, HostResource, extensionLogUri, type LogEntry } from '../../../src/shared/hostApi'
import { call, poll, read } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { expectNoChildren, fixtureServerPath } from '../extensions/harness'

const startTestHost = testHostsStoppedAfterEach(async () => {
  await expectNoChildren()
})

async function addFixture(client: Client, id: string, flags: string[]): Promise<void> {
  await call(client, 'extension_add', { config: { id, name: id, type: 'stdio', command: process.execPath, args: [fixtureServerPath, ...flags] } })
  const [consent] = (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
  await call(client, 'elicitation_respond', { id: consent!.id, action: 'accept', content: { decision: 'allow_always' } })
  await ready(client, id)
}

const ready = (client: Client, id: string) =>
  poll(() => read(client, HostResource.extensions, ExtensionsResourceSchema), (view) => view.extensions.find((e) => e.id === id)?.status === 'ready', `${id} ready`)

const logOf = async (client: Client, id: string): Promise<LogEntry[]> => (await read(client, extensionLogUri(id), ExtensionLogResourceSchema)).entries
const aboutSetLevel = (entries: LogEntry[]) => entries.filter((entry) => /setLevel/i.test(entry.text))

/**
 * A round trip after the level was set: any setLevel request went out before it, so its answer
 * (and the log line about it) came before this one's on the same stdout.
 */
const echo = (client: Client, id: string) => call(client, 'tool_call', { name: `${id}__echo`, arguments: { text: 'after' } })

describe('server log level and the logging capability', () => {
  it('never sends logging/setLevel to a server without the capability, and nothing fails', async () => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await addFixture(client, 'quiet', ['--no-logging'])
    await addFixture(client, 'loud', [])

    await call(client, 'extension_set_log_level', { id: 'quiet', level: 'debug' })
    await call(client, 'extension_set_log_level', { id: 'loud', level: 'debug' })
    await echo(client, 'quiet')
    await echo(client, 'loud')
    // The server with the capability is asked (and, being a fixture, refuses): the test can see a request.
    const loud = await poll(() => logOf(client, 'loud'), (entries) => aboutSetLevel(entries).length >= 2, 'setLevel reaching the loud server')
    expect(aboutSetLevel(loud).map((entry) => [entry.source, entry.text])).toEqual(
      expect.arrayContaining([
        ['stderr', 'logging/setLevel debug'],
        ['protocol', expect.stringContaining('refused logging/setLevel "debug"')],
      ]),
    )
    expect(aboutSetLevel(await logOf(client, 'quiet'))).toEqual([])

    // At connect the saved level is sent again, still only where it may be.
    await call(client, 'extension_restart', { id: 'quiet' })
    await call(client, 'extension_restart', { id: 'loud' })
    await ready(client, 'quiet')
    await ready(client, 'loud')
    await poll(() => logOf(client, 'loud'), (entries) => aboutSetLevel(entries).filter((entry) => entry.source === 'stderr').length === 2, 'setLevel at reconnect')
    await echo(client, 'quiet')
    const quiet = await logOf(client, 'quiet')
    expect(aboutSetLevel(quiet)).toEqual([])
    expect(quiet.filter((entry) => entry.level === 'warn' || entry.level === 'error')).toEqual([])
    expect((await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((e) => e.id === 'quiet')).toMatchObject({ status: 'ready', logLevel: 'debug' })
  })
})
