/**
 * The registry service against the local fixture registry over real HTTP: search, paging by cursor,
 * details with install choices, deleted hidden, deprecated flagged, a malformed entry dropped with a
 * reason, icons sanitized, and the cache with its "last updated" time (also across restarts and
 * while the registry is down).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createRegistryService, FRESH_MS, type RegistryService } from '../../../../src/main/extensions/registry/registryService'
import { startRegistryFixture, type RegistryFixture } from '../../../fixtures/registry/registryServer'
import { EVERYTHING_VERSION, PNG_ICON } from '../../../fixtures/registry/registryData'
import { tempDir } from '../../../helpers/tempDir'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

interface Setup {
  fixture: RegistryFixture
  service: RegistryService
  dataDir: string
  clock: { now: number }
  reopen(): RegistryService
}

async function setup(): Promise<Setup> {
  const fixture = await startRegistryFixture()
  const dir = await tempDir()
  const opened: RegistryService[] = []
  cleanups.push(async () => {
    await fixture.close()
    await Promise.all(opened.map((service) => service.flush()))
    await dir.remove()
  })
  const clock = { now: Date.parse('2026-03-01T10:00:00Z') }
  const open = () => {
    const service = createRegistryService({
      dataDir: dir.path,
      registryUrl: () => fixture.url,
      extensions: { views: () => [], add: () => Promise.reject(new Error('not used here')) },
      secrets: { set: () => Promise.reject(new Error('not used here')), delete: async () => false },
      now: () => new Date(clock.now),
    })
    opened.push(service)
    return service
  }
  return { fixture, service: open(), dataDir: dir.path, clock, reopen: open }
}

/** Every entry of every page, following nextCursor. */
async function allPages(service: RegistryService, query?: string) {
  const pages = []
  let cursor: string | undefined
  do {
    const page = await service.search({ query, cursor })
    pages.push(page)
    cursor = page.nextCursor
  } while (cursor && pages.length < 20)
  return pages
}

describe('searching the registry', () => {
  it('pages through every server with the cursor, hiding deleted ones and dropping the malformed one with a reason', async () => {
    const { service, fixture } = await setup()
    const pages = await allPages(service)
    expect(pages.length).toBeGreaterThan(2)
    const names = pages.flatMap((page) => page.entries.map((entry) => entry.name))
    expect(names).toContain('io.github.modelcontextprotocol/everything')
    expect(names).toContain('io.example/remote-notes')
    expect(names).not.toContain('io.example/removed')
    expect(names).not.toContain('io.example/broken')
    expect(new Set(names).size).toBe(names.length)
    const dropped = pages.flatMap((page) => page.dropped)
    expect(dropped).toEqual([expect.objectContaining({ name: 'io.example/broken', reason: expect.stringMatching(/version|packages/) })])
    expect(fixture.requests[0]).toBe('/v0.1/servers?limit=30&version=latest')
    expect(fixture.requests[1]).toMatch(/cursor=c4/)
  })

  it('sends the search text and flags deprecated servers', async () => {
    const { service, fixture } = await setup()
    const page = await service.search({ query: 'old' })
    expect(fixture.requests.at(-1)).toBe('/v0.1/servers?search=old&limit=30&version=latest')
    expect(page.entries).toEqual([expect.objectContaining({ name: 'io.example/old-search', status: 'deprecated', kinds: ['npm'] })])
  })

  it('shows only raster or https icons: the SVG data URL is skipped for the PNG one', async () => {
    const { service } = await setup()
    const page = await service.search({ query: 'everything' })
    expect(page.entries[0]).toMatchObject({ title: 'Everything', version: EVERYTHING_VERSION, icon: PNG_ICON, kinds: ['npm'] })
  })
})

describe('the cache', () => {
  it('answers from the cache while fresh, asks again after FRESH_MS or on refresh, and keeps "last updated"', async () => {
    const { service, fixture, clock } = await setup()
    const first = await service.search({ query: 'weather' })
    expect(first).toMatchObject({ fromCache: false, lastUpdated: '2026-03-01T10:00:00.000Z' })
    clock.now += 1000
    const second = await service.search({ query: 'weather' })
    expect(second).toMatchObject({ fromCache: true, lastUpdated: '2026-03-01T10:00:00.000Z' })
    expect(fixture.requests).toHaveLength(1)

    const refreshed = await service.search({ query: 'weather', refresh: true })
    expect(refreshed).toMatchObject({ fromCache: false, lastUpdated: '2026-03-01T10:00:01.000Z' })
    clock.now += FRESH_MS + 1
    expect(await service.search({ query: 'weather' })).toMatchObject({ fromCache: false })
    expect(fixture.requests).toHaveLength(3)
  })

  it('survives a restart in registry-cache.json and serves the last answer with a warning while the registry is down', async () => {
    const { service, fixture, dataDir, reopen } = await setup()
    await service.search({ query: 'weather' })
    await service.flush()
    expect(existsSync(join(dataDir, 'registry-cache.json'))).toBe(true)

    fixture.down = true
    const again = reopen()
    const offline = await again.search({ query: 'weather', refresh: true })
    expect(offline).toMatchObject({ fromCache: true, lastUpdated: '2026-03-01T10:00:00.000Z', warning: expect.stringContaining('503') })
    expect(offline.entries.map((entry) => entry.name)).toEqual(['io.example/weather'])
    await expect(again.search({ query: 'never-asked' })).rejects.toThrow(/answered 503.*registry address \(Change, on the Registry tab/)
  })
})

describe('server details', () => {
  it('lists the install choices with their forms, the repository link and the status', async () => {
    const { service, fixture } = await setup()
    const details = await service.server({ name: 'io.github.modelcontextprotocol/everything' })
    expect(fixture.requests.at(-1)).toBe('/v0.1/servers/io.github.modelcontextprotocol%2Feverything/versions/latest')
    expect(details).toMatchObject({ status: 'active', repositoryUrl: 'https://github.com/modelcontextprotocol/servers', websiteUrl: 'https://modelcontextprotocol.io/' })
    expect(details.choices).toEqual([
      expect.objectContaining({
        kind: 'package',
        index: 0,
        type: 'npm',
        preview: `npx -y @modelcontextprotocol/server-everything@${EVERYTHING_VERSION}  (environment: EVERYTHING_TOKEN, LOG_LEVEL)`,
        fields: [
          expect.objectContaining({ key: 'env:EVERYTHING_TOKEN', kind: 'secret', required: true, description: 'A token the server is given' }),
          expect.objectContaining({ key: 'env:LOG_LEVEL', kind: 'select', required: false, choices: ['info', 'debug'], default: 'info' }),
        ],
      }),
    ])
  })

  it('flags a deprecated server, refuses a deleted one, and names a missing version', async () => {
    const { service } = await setup()
    expect(await service.server({ name: 'io.example/old-search' })).toMatchObject({ status: 'deprecated' })
    await expect(service.server({ name: 'io.example/removed' })).rejects.toThrow('io.example/removed was removed from the registry')
    await expect(service.server({ name: 'io.example/weather', version: '9.9.9' })).rejects.toThrow(/has no such server or version/)
    await expect(service.server({ name: 'io.example/broken' })).rejects.toThrow(/cannot be read/)
  })

  it('explains choices that cannot be installed here: bundles, secrets on the command line', async () => {
    const { service } = await setup()
    const bundle = await service.server({ name: 'io.example/bundled' })
    expect(bundle.choices[0]).toMatchObject({ type: 'mcpb', fields: [], unsupported: expect.stringMatching(/MCP Bundle/) })
    const secretArg = await service.server({ name: 'io.example/secret-arg' })
    expect(secretArg.choices[0]!.unsupported).toMatch(/secret "--token" on the command line/)
  })
})
