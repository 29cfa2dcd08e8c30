/**
 * The client the official conformance suites drive, through the host API as the window uses it: a
 * real host (createHost) on a scratch data dir, an SDK Client over the window's port transport, and
 * the person's actions as app tools: store the secrets (secret_set), add the server
 * (extension_add) and approve it, press Sign in (extension_sign_in) whenever the extension asks,
 * open the link the sign-in question offers, run every tool by hand (tool_call) and answer what
 * the server asks on the way (switchboard://elicitations).
 *
 * Usage (the suite appends the server URL): tsx test/conformance/conformanceHostClient.ts <url>
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MessageChannel } from 'node:worker_threads'
import { Client } from '@modelcontextprotocol/client'
import Conf from 'conf'
import { createHost } from '../../src/main/host/createHost'
import { memoryBackend } from '../../src/main/secrets/keychain'
import { openSecretStore } from '../../src/main/secrets/secretStore'
import { ElicitationsResourceSchema, ExtensionsResourceSchema, HostResource, ToolsResourceSchema, type Elicitation, type ExtensionView } from '../../src/shared/hostApi'
import { PortTransport, domPort, emitterPort } from '../../src/shared/portTransport'
import { ID, scenarioSetup, type ScenarioContext } from './conformanceConfig'
import { openPage, sampleArguments, sampleValue } from './person'

const MAX_SIGN_INS = 5
/** How long a ready extension may take to list its first tool (see toolsOf). */
const TOOLS_WAIT_MS = 10_000

async function main(): Promise<number> {
  const url = process.argv.at(-1)
  if (!url?.startsWith('http')) throw new Error('usage: conformanceHostClient.ts <server-url>')
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? ''
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as ScenarioContext
  const { config, secrets, argumentsFor } = scenarioSetup(url, scenario, context)

  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-conformance-host-'))
  const host = await createHost({
    dataDir,
    makeSettingsConf: (location) => new Conf({ ...location, projectName: 'switchboard-conformance' }),
    // The OS keychain for this run (the machine running the suite may have none): kept in memory, counted as a keychain.
    secrets: openSecretStore({ backends: [{ id: 'keytar', name: 'a keychain for this conformance run', open: async () => memoryBackend() }] }),
  })
  const { port1, port2 } = new MessageChannel()
  await host.connect(new PortTransport(emitterPort(nodePortAsElectron(port1))), 'conformance')
  const client = new Client({ name: 'conformance-window', version: '0.0.0' })
  await client.connect(new PortTransport(domPort(port2 as never)))
  const person = answerQuestions(client)

  try {
    for (const [key, value] of Object.entries(secrets)) await call(client, 'secret_set', { key, value })
    await call(client, 'extension_add', { config })
    let signIns = 0
    // The words of the last refusal after a sign-in: refused twice in the same words, the person stops
    // pressing Sign in (the scenarios that test a refusal, such as a wrong `iss`, end there; each
    // further try would only wait out changedFrom's bound).
    let refusal: string | undefined
    for (;;) {
      const extension = await settled(client)
      const refusedAgain = extension.status === 'needs-sign-in' && extension.error !== undefined && extension.error === refusal
      if (extension.status === 'needs-sign-in' && signIns < MAX_SIGN_INS && !refusedAgain) {
        refusal = extension.error
        signIns++
        await call(client, 'extension_sign_in', { id: ID })
        await changedFrom(client, extension)
        continue
      }
      if (extension.status !== 'ready') {
        console.error(`extension is ${extension.status}: ${extension.error ?? ''}`)
        return 1
      }
      const tools = await toolsOf(client)
      if ((await extensionView(client)).status !== 'ready') continue // Listing found that it needs a sign-in.
      if (tools.length === 0) console.error('no tools')
      let again = false
      for (const tool of tools) {
        const args = argumentsFor(tool.toolName) ?? sampleArguments(tool.inputSchema, tools.map((other) => ({ name: other.toolName, inputSchema: other.inputSchema })))
        const result = await client.callTool({ name: 'tool_call', arguments: { name: tool.name, arguments: args } }, { timeout: 120_000 })
        console.log(`${tool.toolName}: ${result.isError ? 'error' : 'ok'}`)
        if (result.isError && (await extensionView(client)).status !== 'ready') again = true
      }
      if (!again) return 0
    }
  } finally {
    person.stop()
    await client.close().catch(() => undefined)
    await host.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** The person answers every question as it comes: approves, opens links, submits forms with their defaults. */
function answerQuestions(client: Client): { stop(): void } {
  const answered = new Set<string>()
  let stopped = false
  const answer = async (question: Elicitation) => {
    switch (question.kind) {
      case 'approval':
        return { action: 'accept', content: { decision: question.decisions.includes('allow_always') ? 'allow_always' : question.decisions[0] } }
      case 'url':
        openPage(question.url)
        return { action: 'accept' }
      case 'form':
        return { action: 'accept', content: Object.fromEntries(question.fields.map((field) => [field.name, field.default ?? sampleValue({ type: field.type === 'select' ? 'string' : field.type })])) }
    }
  }
  void (async () => {
    while (!stopped) {
      const { elicitations } = await read(client, HostResource.elicitations, ElicitationsResourceSchema).catch(() => ({ elicitations: [] as Elicitation[] }))
      for (const question of elicitations) {
        if (answered.has(question.id)) continue
        answered.add(question.id)
        await call(client, 'elicitation_respond', { id: question.id, ...(await answer(question)) }).catch((error: unknown) => console.error(`answering ${question.kind} failed: ${String(error)}`))
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  return { stop: () => (stopped = true) }
}

async function read<T>(client: Client, uri: string, schema: { parse(value: unknown): T }): Promise<T> {
  const { contents } = await client.readResource({ uri })
  return schema.parse(JSON.parse((contents[0] as { text: string }).text))
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args })
  if (result.isError) throw new Error((result.content as { text: string }[])[0]?.text)
  return result
}

async function extensionView(client: Client): Promise<ExtensionView> {
  const extension = (await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((entry) => entry.id === ID)
  if (!extension) throw new Error('the extension is not listed')
  return extension
}

/** Waits until the extension is neither starting nor waiting for its approval. */
async function settled(client: Client): Promise<ExtensionView> {
  for (;;) {
    const extension = await extensionView(client)
    if (extension.status !== 'starting' && extension.status !== 'disabled' && extension.consent !== 'pending') return extension
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * Waits until the extension leaves needs-sign-in or says something new (the sign-in finished either
 * way); a sign-in refused again with the same words changes nothing, so the wait is bounded.
 */
async function changedFrom(client: Client, before: ExtensionView): Promise<void> {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    const extension = await extensionView(client)
    if (extension.status !== 'needs-sign-in' || extension.error !== before.error) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * The extension's tools once the catalog lists them (right after it becomes ready). The host API
 * says nothing when a server lists no tools at all (a few scenarios), so the wait for a first tool
 * is bounded in time, generously: a bound of 100 polls (~2 s) gave up on a busy machine and the
 * scenario failed with "Tool was not called by client". A list that arrives returns at once.
 */
async function toolsOf(client: Client) {
  for (const deadline = Date.now() + TOOLS_WAIT_MS; ; ) {
    const tools = (await read(client, HostResource.tools, ToolsResourceSchema)).tools.filter((tool) => tool.extensionId === ID)
    if (tools.length > 0 || Date.now() >= deadline || (await extensionView(client)).status !== 'ready') return tools
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Electron's MessagePortMain emits `message` with `{ data }`; Node's MessagePort emits the bare value (as test/helpers/testHost.ts). */
function nodePortAsElectron(port: import('node:worker_threads').MessagePort) {
  return {
    on: ((event: 'message' | 'close', listener: (arg?: { data: unknown }) => void) =>
      event === 'message' ? port.on('message', (data: unknown) => listener({ data })) : port.on('close', () => listener())) as Parameters<typeof emitterPort>[0]['on'],
    postMessage: (message: unknown) => port.postMessage(message),
    start: () => port.start(),
    close: () => port.close(),
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : String(error))
    process.exit(1)
  },
)
