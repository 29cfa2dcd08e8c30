/**
 * The live policy on a real file: the small query API the routines, assisted review and telemetry
 * features ask, and changes to the file (written, replaced, its folder made later, removed) picked
 * up by the watcher without anyone calling reload.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openManagedPolicy, type ManagedPolicy } from '../../../src/main/policy'
import { poll } from '../../helpers/hostCalls'
import { tempDir } from '../../helpers/tempDir'

let cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
})

async function open(initial?: unknown, appVersion = '1.5.0'): Promise<{ policy: ManagedPolicy; file: string; dir: string; changes: () => number }> {
  const folder = await tempDir('switchboard-managed-')
  const dir = join(folder.path, 'etc', 'switchboard')
  const file = join(dir, 'policy.json')
  if (initial !== undefined) {
    await mkdir(dir, { recursive: true })
    await writeFile(file, JSON.stringify(initial))
  }
  const policy = openManagedPolicy({ path: file, appVersion, debounceMs: 20 })
  let count = 0
  policy.onChange(() => count++)
  cleanups.push(() => folder.remove(), () => policy.close())
  return { policy, file, dir, changes: () => count }
}

describe('the query API for routines, assisted review and telemetry', () => {
  it('without a policy everything is allowed and nothing is required', async () => {
    const { policy } = await open()
    expect(policy.view().state).toBe('none')
    expect(policy.routinesAllowed()).toBe(true)
    expect(policy.assistedReviewProviderAllowed('anthropic')).toBe(true)
    expect(policy.requiredTelemetryEndpoint()).toBeUndefined()
    expect(policy.telemetryAllowed()).toBe(true)
    expect(policy.refusal()).toBeUndefined()
    expect(policy.connectedAppsRefusal()).toBeUndefined()
  })

  it('answers what the file sets', async () => {
    const { policy } = await open({ routines: { enabled: false }, assistedReview: { allowedProviders: ['ollama'] }, telemetry: { requiredEndpoint: 'https://otel.acme.example:4318' } })
    expect(policy.routinesAllowed()).toBe(false)
    expect(policy.assistedReviewProviderAllowed('ollama')).toBe(true)
    expect(policy.assistedReviewProviderAllowed('anthropic')).toBe(false)
    expect(policy.requiredTelemetryEndpoint()).toBe('https://otel.acme.example:4318')
    expect(policy.telemetryAllowed()).toBe(true)
  })

  it('invalid values are at their strictest: routines off, no provider, no telemetry export', async () => {
    const { policy } = await open({ routines: { enabled: 'sometimes' }, assistedReview: { allowedProviders: [1] }, telemetry: { requiredEndpoint: 'ftp://x' } })
    expect(policy.routinesAllowed()).toBe(false)
    expect(policy.assistedReviewProviderAllowed('ollama')).toBe(false)
    expect(policy.requiredTelemetryEndpoint()).toBeUndefined()
    expect(policy.telemetryAllowed()).toBe(false)
    expect(policy.view().problems).toHaveLength(3)
  })

  it('an unreadable file puts everything at its strictest', async () => {
    const { policy, file } = await open()
    await mkdir(join(file, '..'), { recursive: true })
    await writeFile(file, 'routines: off')
    policy.reload()
    expect(policy.view()).toMatchObject({ state: 'unreadable', block: { kind: 'unreadable' } })
    expect(policy.routinesAllowed()).toBe(false)
    expect(policy.telemetryAllowed()).toBe(false)
    expect(policy.assistedReviewProviderAllowed('ollama')).toBe(false)
    expect(policy.leastStrictMode()).toBe('ask')
    expect(policy.connectedAppsRefusal()).toMatch(/^Set by your organisation: /)
    expect(policy.extensionRefusal({ name: 'x', type: 'stdio', command: 'node' })).toContain(file)
    expect(policy.extensionRefusal({ name: 'System', type: 'builtin' })).toBeUndefined()
  })

  it('the version gate compares with this version', async () => {
    expect((await open({ minimumVersion: '1.5.0' }, '1.5.0')).policy.refusal()).toBeUndefined()
    expect((await open({ minimumVersion: 'v1.4.9' }, '1.5.0')).policy.refusal()).toBeUndefined()
    expect((await open({ minimumVersion: '1.6.0' }, '1.5.0')).policy.refusal()).toBe('Your organisation requires version 1.6.0 or later. This is version 1.5.0: update Switchboard to go on; until then turns and tool calls are refused.')
  })
})

describe('changes to the file', () => {
  it('are picked up without a restart: written, replaced atomically, removed', async () => {
    const { policy, file, changes } = await open({ routines: { enabled: true } })
    expect(policy.routinesAllowed()).toBe(true)
    await writeFile(file, JSON.stringify({ routines: { enabled: false } }))
    await poll(async () => policy.routinesAllowed(), (allowed) => !allowed, 'the written change')
    // The way configuration tools write: a new file renamed over the old one.
    await writeFile(`${file}.new`, JSON.stringify({ routines: { enabled: true }, minimumVersion: '9.0.0' }))
    await rename(`${file}.new`, file)
    await poll(async () => policy.refusal(), (refusal) => refusal !== undefined, 'the replaced file')
    expect(policy.routinesAllowed()).toBe(true)
    await rm(file)
    await poll(async () => policy.view().state, (state) => state === 'none', 'the removed file')
    expect(changes()).toBe(3)
  })

  it('a folder made after the start is watched once it exists', async () => {
    const { policy, dir, file } = await open()
    await mkdir(dir, { recursive: true })
    await writeFile(file, JSON.stringify({ connectedApps: { enabled: false } }))
    await poll(async () => policy.connectedAppsRefusal(), (refusal) => refusal !== undefined, 'the policy in a new folder')
    await writeFile(file, JSON.stringify({}))
    await poll(async () => policy.connectedAppsRefusal(), (refusal) => refusal === undefined, 'a later change in that folder')
  })
})
