/** Which failures the model gets to fix and which end the turn. */
import { describe, expect, it } from 'vitest'
import { modelCanFix, outcomeStatus } from '../../../../src/main/agent/turn/errorKinds'
import type { CallOutcome } from '../../../../src/main/extensions'

const tag = { name: 'fx__echo', extensionId: 'fx', tool: 'echo', durationMs: 1 }

describe('error kinds', () => {
  it.each<[CallOutcome, string, string | undefined]>([
    [{ ...tag, status: 'ok', result: { content: [] }, truncated: false }, 'ok', undefined],
    [{ ...tag, status: 'ok', result: { content: [], isError: true }, truncated: false }, 'error', 'tool-error'],
    [{ ...tag, status: 'timed-out', message: 'timed out: …' }, 'timed-out', 'timed-out'],
    [{ ...tag, status: 'cancelled', message: 'cancelled by the person' }, 'cancelled', 'cancelled'],
    [{ ...tag, status: 'failed', message: 'extension crashed: "Fx" went away while "echo" was running' }, 'error', 'extension-unavailable'],
    [{ ...tag, status: 'failed', message: 'window unavailable: the app window closed' }, 'error', 'extension-unavailable'],
    [{ ...tag, status: 'failed', message: 'The extension "Fx" is not running (error): spawn ENOENT' }, 'error', 'extension-unavailable'],
    [{ ...tag, status: 'failed', message: '"echo" failed: MCP error -32602: bad params' }, 'error', 'tool-error'],
  ])('%# %j', (outcome, status, errorKind) => {
    expect(outcomeStatus(outcome)).toEqual({ status, ...(errorKind ? { errorKind } : {}) })
  })

  it('only the extension being gone and a cancel are not the model\'s to fix', () => {
    expect(modelCanFix('invalid-arguments')).toBe(true)
    expect(modelCanFix('denied')).toBe(true)
    expect(modelCanFix('extension-unavailable')).toBe(false)
    expect(modelCanFix('cancelled')).toBe(false)
  })
})
