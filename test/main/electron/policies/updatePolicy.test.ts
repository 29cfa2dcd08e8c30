/** When the installed app asks for a new version: only when turned on, only packaged, at most once per interval. */
import { describe, expect, it } from 'vitest'
import { UPDATE_CHECK_INTERVAL_MS, updateDecision } from '../../../../src/main/electron/policies/updatePolicy'

const now = 1_000_000_000_000

describe('updateDecision', () => {
  it('never checks while updates are off, packaged or not, however long ago the last check was', () => {
    expect(updateDecision({ enabled: false, isPackaged: true, lastCheckAt: undefined, now })).toEqual({ check: false, reason: 'off' })
    expect(updateDecision({ enabled: false, isPackaged: false, lastCheckAt: 0, now })).toEqual({ check: false, reason: 'off' })
  })
  it('never updates a development run', () => {
    expect(updateDecision({ enabled: true, isPackaged: false, lastCheckAt: undefined, now })).toEqual({ check: false, reason: 'development-run' })
  })
  it('checks at once when on and packaged, then once per interval', () => {
    expect(updateDecision({ enabled: true, isPackaged: true, lastCheckAt: undefined, now })).toEqual({ check: true })
    expect(updateDecision({ enabled: true, isPackaged: true, lastCheckAt: now - UPDATE_CHECK_INTERVAL_MS + 1, now })).toEqual({ check: false, reason: 'checked-recently' })
    expect(updateDecision({ enabled: true, isPackaged: true, lastCheckAt: now - UPDATE_CHECK_INTERVAL_MS, now })).toEqual({ check: true })
    expect(updateDecision({ enabled: true, isPackaged: true, lastCheckAt: now - 10, now, intervalMs: 5 })).toEqual({ check: true })
  })
})
