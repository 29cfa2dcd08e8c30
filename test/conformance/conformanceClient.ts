/**
 * The client the official conformance suite (`@modelcontextprotocol/conformance`) drives: it is
 * Switchboard's real extension core (manager, connection, tool cache, dispatch, sign-in with the
 * host's loopback redirect), with an in-memory keychain. The script plays the person: it adds the
 * server, presses Sign in whenever the extension asks, "opens" the sign-in page by following its
 * redirects (the suite's authorization server approves at once) and calls every tool.
 *
 * Usage (the suite appends the server URL): tsx test/conformance/conformanceClient.ts <url>
 */
import type { createExtensionsCore } from '../../src/main/extensions'
import { startSignInCore } from '../helpers/signInCore'
import { ID, scenarioSetup, type ScenarioContext } from './conformanceConfig'
import { formAnswer, openPage, sampleArguments } from './person'

const MAX_SIGN_INS = 5

async function main(): Promise<number> {
  const url = process.argv.at(-1)
  if (!url?.startsWith('http')) throw new Error('usage: conformanceClient.ts <server-url>')
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? ''
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as ScenarioContext
  const { config, secrets, argumentsFor } = scenarioSetup(url, scenario, context)

  const { core } = await startSignInCore({
    config,
    secrets,
    keychain: true,
    // The person opens the page; the suite's authorization server redirects back at once.
    ask: async (_id, question) => {
      openPage(question.url)
      return 'accept'
    },
    // The person submits an extension's form as it comes, and opens a link it offers.
    handlers: {
      elicit: async (_id, params) => {
        if (params.mode === 'url') {
          openPage(params.url)
          return { action: 'accept' }
        }
        return { action: 'accept', content: formAnswer(params.requestedSchema) as Record<string, string | number | boolean | string[]> }
      },
    },
  })
  const { manager } = core
  const settled = () => new Promise<string>((resolve) => {
    const check = () => {
      const status = manager.get(ID)?.status ?? 'error'
      if (status !== 'starting' && status !== 'disabled') {
        off()
        resolve(status)
      }
    }
    const off = manager.onChange(check)
    check()
  })

  let signIns = 0
  let called = false
  try {
    while (!called) {
      const status = await settled()
      if (status === 'needs-sign-in' && signIns < MAX_SIGN_INS) {
        signIns++
        const before = manager.get(ID)?.error
        await manager.signIn(ID)
        await changedFrom(manager, before)
        continue
      }
      if (status !== 'ready') {
        console.error(`extension is ${status}: ${manager.get(ID)?.error ?? ''}`)
        return 1
      }
      await waitForTools(core)
      if (manager.get(ID)?.status !== 'ready') continue // Listing found that it needs a sign-in.
      const tools = core.cache.catalog().tools.filter((tool) => tool.extensionId === ID)
      called = true
      if (tools.length === 0) console.error(`no tools; log: ${manager.log(ID).map((entry) => entry.text).join(' | ')}`)
      for (const tool of tools) {
        const outcome = await core.dispatcher.call({ name: tool.name, arguments: argumentsFor(tool.toolName) ?? sampleArguments(tool.inputSchema, tools.map((other) => ({ name: other.toolName, inputSchema: other.inputSchema }))) })
        console.log(`${tool.toolName}: ${outcome.status}`)
        if (outcome.status !== 'ok' && manager.get(ID)?.status !== 'ready') called = false
      }
    }
    return 0
  } finally {
    await core.stop()
  }
}

/** Waits until the extension leaves needs-sign-in or says something new (the sign-in finished either way). */
function changedFrom(manager: ReturnType<typeof createExtensionsCore>['manager'], error: string | undefined): Promise<void> {
  return new Promise((resolve) => {
    const off = manager.onChange(() => {
      const snapshot = manager.get(ID)
      if (snapshot?.status !== 'needs-sign-in' || snapshot.error !== error) {
        off()
        resolve()
      }
    })
  })
}

/** The tool cache lists tools right after the extension becomes ready. */
async function waitForTools(core: ReturnType<typeof createExtensionsCore>): Promise<void> {
  // The catalog schedules its lists as the extension turns ready; idle() resolves once they are in,
  // whatever they hold. (A bound of 100 polls of 20 ms gave up after ~2 s on a busy machine, and the
  // scenario then failed with "Tool was not called by client".)
  await core.cache.idle()
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : String(error))
    process.exit(1)
  },
)
