/** The session cap typed on a connected app's row: a whole number within the cap main accepts. */
import { describe, expect, it } from 'vitest'
import { sessionCapProblem } from '../../src/renderer/components/connectedApps/SessionCapField'

describe('sessionCapProblem', () => {
  it('accepts whole numbers from 1 to 256 and names what is wrong with anything else', () => {
    for (const ok of ['1', '16', ' 256 ']) expect(sessionCapProblem(ok), ok).toBeUndefined()
    expect(sessionCapProblem('0')).toBe('An app needs at least 1 session.')
    expect(sessionCapProblem('257')).toBe('At most 256 sessions per app.')
    for (const bad of ['', 'lots', '2.5', '-3', '1e3']) expect(sessionCapProblem(bad), bad).toBe('Type a whole number of sessions.')
  })
})
