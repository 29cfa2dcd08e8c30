/** A crashed renderer: the page loads again (not a blank window), except after a clean exit or in a crash loop. */
import { describe, expect, it } from 'vitest'
import { createRendererRecovery, MAX_RELOADS_IN_A_ROW } from '../../../../src/main/electron/window/rendererRecovery'

describe('createRendererRecovery', () => {
  it.each(['crashed', 'oom', 'killed', 'abnormal-exit', 'launch-failed', 'integrity-failure'])('reloads the page when the renderer is gone (%s)', (reason) => {
    expect(createRendererRecovery().gone(reason)).toBe('reload')
  })

  it('leaves a renderer that exited cleanly alone', () => {
    expect(createRendererRecovery().gone('clean-exit')).toBe('leave')
  })

  it('stops reloading a page that crashes again before it connects, and starts over once it connected', () => {
    const recovery = createRendererRecovery()
    const tries = Array.from({ length: MAX_RELOADS_IN_A_ROW + 2 }, () => recovery.gone('crashed'))
    expect(tries).toEqual([...Array(MAX_RELOADS_IN_A_ROW).fill('reload'), 'leave', 'leave'])
    recovery.connected()
    expect(recovery.gone('crashed')).toBe('reload')
  })
})
