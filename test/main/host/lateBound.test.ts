import { describe, expect, it } from 'vitest'
import { lateBound } from '../../../src/main/host/lateBound'

describe('lateBound', () => {
  it('hands out the bound service, and says which one was asked for too early or bound twice', () => {
    const roots = lateBound<{ list: () => string[] }>('the roots service')
    expect(() => roots.get()).toThrow('the roots service is used before the host made it')
    const made = { list: () => ['/home/me'] }
    roots.bind(made)
    expect(roots.get()).toBe(made)
    expect(() => roots.bind({ list: () => [] })).toThrow('the roots service is bound twice')
  })
})
