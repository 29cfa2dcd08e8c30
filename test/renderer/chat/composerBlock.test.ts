import { describe, expect, it } from 'vitest'
import { composerBlock } from '../../../src/renderer/components/chat/composerBlock'
import type { ModelsResource } from '../../../src/shared/hostApi'

const connected = { status: 'connected' } as const
const ready = { providers: [{ id: 'p', models: [{ id: 'm' }] }], selected: { providerId: 'p', modelId: 'm' } } as unknown as ModelsResource

describe('composerBlock', () => {
  it('lets the person write once connected with a model chosen', () => {
    expect(composerBlock(ready, connected)).toBeNull()
  })

  it('waits while a new session is being created, so that nothing typed lands in the conversation being left', () => {
    expect(composerBlock(ready, connected, true)).toEqual({ reason: 'Starting a new session…', toSettings: false })
  })

  it('names the missing piece, with the way to settings where there is one', () => {
    expect(composerBlock(ready, { status: 'connecting' })?.reason).toMatch(/Not connected/)
    expect(composerBlock(null, connected)?.reason).toBe('Loading your models…')
    expect(composerBlock({ providers: [], selected: null } as unknown as ModelsResource, connected)).toEqual({ reason: 'No model is set up yet. Add a provider to start chatting.', toSettings: true })
  })
})
