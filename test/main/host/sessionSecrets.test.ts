/**
 * Known secret values are masked in everything committed to a session and in every resource
 * (issue 12 item 2): tool-call arguments the model wrote (the call itself is refused), a tool
 * result that quotes a secret, and the model's own text — in `sessions/<id>.jsonl`, the history
 * resource and every other resource the window reads.
 * Keychain: run with `bash scripts/with-keyring.sh npx vitest run test/main/host/sessionSecrets.test.ts`.
 */
import { describe, expect, it } from 'vitest'
import { HistoryResourceSchema, HostResource, ProgressResourceSchema, ToolsResourceSchema, historyUri, progressUri } from '../../../src/shared/hostApi'
import { REDACTED } from '../../../src/main/log/redact'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { addConsentedExtension, alwaysOfferTools, call, poll, read, selectScriptedModel } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { everythingPath, expectNoChildren } from '../extensions/harness'
import { readFilesUnder } from '../../helpers/dataFiles'

let model: ScriptedModelServer | undefined
const startTestHost = testHostsStoppedAfterEach(async () => {
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

describe('secret values in sessions and resources', () => {
  it('masks them in tool-call arguments, tool results and assistant text, on disk and in every resource', async () => {
    const providerKey = 'canary-provider-value-6e5d4c3b'
    const ownToken = 'canary-own-token-9a8b7c6d'
    model = await startScriptedModelServer({
      turns: [
        // The model copies a key it should never have into a call: refused, and the stored arguments are masked.
        { type: 'tool-calls', calls: [{ name: 'everything__echo', args: { message: `use ${providerKey}` } }] },
        // A tool that shows its environment returns the extension's own token in its result.
        { type: 'tool-calls', calls: [{ name: 'everything__get-env', args: {} }] },
        { type: 'text', chunks: ['Your key is ', providerKey, ' and the token ', ownToken, '.'] },
      ],
    })
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await selectScriptedModel(client, model.baseUrl)
    await alwaysOfferTools(client, ['everything__echo', 'everything__get-env'])
    await call(client, 'secret_set', { key: 'provider:other', value: providerKey })
    await call(client, 'secret_set', { key: 'extension:everything:env:API_TOKEN', value: ownToken })
    await addConsentedExtension(client, {
      id: 'everything',
      name: 'Everything',
      type: 'stdio',
      command: process.execPath,
      args: [everythingPath, 'stdio'],
      env: { API_TOKEN: '${secret:extension:everything:env:API_TOKEN}' },
    })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'everything__get-env'), 'the tools')
    await call(client, 'permission_mode_set', { mode: 'autonomous' })

    const { sessionId } = (await call(client, 'chat_send', { text: 'Show me' })).structuredContent as { sessionId: string }
    const history = await poll(
      () => read(client, historyUri(sessionId), HistoryResourceSchema),
      (h) => JSON.stringify(h).includes(' and the token '),
      'the final answer',
      60_000,
    )
    await poll(() => read(client, progressUri(sessionId), ProgressResourceSchema), (p) => p.turn === null, 'the turn to end')
    const text = JSON.stringify(history)
    expect(text).toContain(`use ${REDACTED}`)
    expect(text).toContain(`Your key is ${REDACTED} and the token ${REDACTED}.`)
    // The get-env result was committed (masked), not left out.
    expect(text).toMatch(/API_TOKEN[^,]*\[redacted\]/)
    for (const uri of [historyUri(sessionId), progressUri(sessionId), ...Object.values(HostResource)]) {
      const { contents } = await client.readResource({ uri })
      const served = JSON.stringify(contents)
      expect(served, uri).not.toContain(providerKey)
      expect(served, uri).not.toContain(ownToken)
    }
    await h.settle()
    const files = await readFilesUnder(h.dataDir)
    expect(files.some((file) => file.path.endsWith(`${sessionId}.jsonl`))).toBe(true)
    for (const file of files) {
      expect(file.text, file.path).not.toContain(providerKey)
      expect(file.text, file.path).not.toContain(ownToken)
    }
  })

  it('masks a known value wherever a resource would show it, e.g. pasted as a plain env value', async () => {
    const value = 'canary-pasted-value-0f1e2d3c'
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await call(client, 'secret_set', { key: 'provider:other', value })
    await call(client, 'extension_add', { config: { id: 'pasted', name: 'Pasted', type: 'stdio', command: 'node', args: ['server.js'], env: { NOTE: value }, enabled: false } })
    const { contents } = await client.readResource({ uri: HostResource.extensions })
    const served = JSON.stringify(contents)
    expect(served).toContain(`NOTE\\":\\"${REDACTED}`)
    expect(served).not.toContain(value)
  })
})
