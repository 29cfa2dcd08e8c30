/** Command hooks in the Claude Code format in real turns: real processes (test/fixtures/commandHooks), their exit codes and JSON honoured. */
import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import type { ToolResultMessage, UserMessage } from '../../../src/main/agent/session/storedMessage'
import { toolResultsSent, until } from '../agent/agentTestKit'
import { commandHook, hookWorld } from './hookWorld'

const echoTurn = (text: string) => [{ type: 'tool-calls' as const, calls: [{ name: 'fx__echo', args: { text } }] }, { type: 'text' as const, chunks: ['Done.'] }]
const toolResult = (messages: readonly { kind: string }[]) => messages.find((m): m is ToolResultMessage => m.kind === 'tool-result')
const notices = (messages: readonly { kind: string }[]) => messages.flatMap((m) => (m.kind === 'notice' ? [(m as unknown as { text: string }).text] : []))

describe('command hooks (Claude Code format)', () => {
  it('exit 2 denies the call with stderr as the reason; the tool never runs', async () => {
    const world = await hookWorld([commandHook('Guard', 'tool-call', 'deny', { matcher: 'mcp__fx__.*' })], { turns: echoTurn('rm -rf /') })
    const result = await world.turn('Echo')
    const refused = 'Refused by hook "Guard": PreToolUse refused for mcp__fx__echo: "rm -rf /" is not allowed'
    expect(toolResult(result.committed)).toMatchObject({ status: 'denied', content: [{ type: 'text', text: refused }] })
    expect(toolResultsSent(world.server.modelRequests[1]?.body)[0]?.text).toBe(refused)
    expect(world.core?.manager.log('fx').some((entry) => entry.text.includes('rm -rf'))).toBe(false)
  })

  it('updatedInput rewrites the arguments the tool runs with; the trail and the model see it, with the added context', async () => {
    const world = await hookWorld([commandHook('Style', 'tool-call', 'rewrite', { matcher: 'mcp__fx__echo' })], { turns: echoTurn('quiet please') })
    const result = await world.turn('Echo')
    const tool = toolResult(result.committed)!
    expect(tool.status).toBe('ok')
    expect(tool.content[0]).toEqual({ type: 'text', text: 'QUIET PLEASE' })
    expect(tool.hookChanges).toEqual([
      { hook: 'Style', field: 'context', reason: 'added context for the model' },
      { hook: 'Style', field: 'arguments', reason: 'house style' },
    ])
    const sent = toolResultsSent(world.server.modelRequests[1]?.body)[0]?.text ?? ''
    expect(sent).toContain('[Context from hook "Style": the text was upper-cased]')
    expect(sent).toMatch(/hook "Style" changed arguments \(house style\)/)
  })

  it('a matcher for another tool does not run the command', async () => {
    const world = await hookWorld([commandHook('Elsewhere', 'tool-call', 'deny', { matcher: 'Bash|Edit' })], { turns: echoTurn('fine') })
    expect(toolResult((await world.turn('Echo')).committed)).toMatchObject({ status: 'ok', content: [{ text: 'fine' }] })
  })

  it('"ask" asks the person even where the permissions would allow the call', async () => {
    const world = await hookWorld([commandHook('Second look', 'tool-call', 'ask')], { mode: 'autonomous', turns: echoTurn('check me') })
    const pending = world.turn('Echo')
    await until(() => world.permissions.broker.list().length === 1, 'the approval the hook asked for')
    const [approval] = world.permissions.broker.list()
    expect(JSON.stringify(approval)).toContain('Hook \\"Second look\\" asks you to approve this call: echo needs a second look')
    await world.permissions.broker.respond(approval!.id, 'deny')
    expect(toolResult((await pending).committed)).toMatchObject({ status: 'denied' })
  })

  it('a hook\'s "allow" is no approval: a call that needs the person still asks, with the rewritten input', async () => {
    const world = await hookWorld([commandHook('Yes-man', 'tool-call', 'rewrite')], { mode: 'ask', turns: echoTurn('needs you') })
    const pending = world.turn('Echo')
    await until(() => world.permissions.broker.list().length === 1, 'the approval')
    const [approval] = world.permissions.broker.list()
    expect(JSON.stringify(approval)).toContain('NEEDS YOU')
    await world.permissions.broker.respond(approval!.id, 'deny')
    expect(toolResult((await pending).committed)).toMatchObject({ status: 'denied' })
  })

  it('runs in its folder with the minimal environment; plain output of a prompt hook is context on the message', async () => {
    process.env.SWITCHBOARD_SECRET_FOR_TEST = 'do-not-pass'
    try {
      const cwd = tmpdir()
      const world = await hookWorld([commandHook('Env', 'user-message', 'env', { cwd })], { turns: [{ type: 'text', chunks: ['ok'] }] })
      const user = (await world.turn('hello')).committed[0] as UserMessage
      expect(user.text).toMatch(new RegExp(`^hello\\n\\n\\[Context from hook "Env": prompt=hello cwd=${cwd} project=${cwd} env=`))
      expect(user.text).not.toContain('SWITCHBOARD_SECRET_FOR_TEST')
      const names = /env=(\S*)\]/.exec(user.text)?.[1]?.split(',') ?? []
      expect(names).toContain('CLAUDE_PROJECT_DIR')
      expect(names.every((name) => ['CLAUDE_PROJECT_DIR', 'PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TMPDIR', 'TZ', 'PWD', 'SHLVL', '_', 'OLDPWD'].includes(name))).toBe(true)
      expect(user.hookChanges).toEqual([{ hook: 'Env', field: 'context', reason: 'added context for the model' }])
    } finally {
      delete process.env.SWITCHBOARD_SECRET_FOR_TEST
    }
  })

  it('another exit code or a timeout is a warning and the step goes on', async () => {
    const world = await hookWorld([commandHook('Broken', 'tool-call', 'fail'), commandHook('Slow', 'tool-call', 'slow', {}, { timeoutMs: 500 })], { turns: echoTurn('goes on') })
    const result = await world.turn('Echo')
    expect(toolResult(result.committed)).toMatchObject({ status: 'ok', content: [{ text: 'goes on' }] })
    expect(notices(result.committed)).toEqual([
      'Hook "Broken" at tool-call: it exited with code 1: something broke. The turn went on.',
      expect.stringMatching(/^Hook "Slow" at tool-call: it did not finish within .* and was stopped\. The turn went on\.$/),
    ])
  })
})
