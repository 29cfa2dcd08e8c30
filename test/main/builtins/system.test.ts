/** Builtins: the registry creates servers lazily over InMemoryTransport; the system server tells the truth. */
import { Client } from '@modelcontextprotocol/client'
import { afterEach, describe, expect, it } from 'vitest'
import { BuiltinRegistry, createBuiltinRegistry } from '../../../src/main/builtins'
import { createSystemServer, type SystemProbe } from '../../../src/main/builtins/system'

const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()))
})

async function connect(registry: BuiltinRegistry, name: string): Promise<Client> {
  const opened = await registry.open(name)
  const client = new Client({ name: 'test', version: '0' })
  await client.connect(opened.clientTransport)
  stops.push(async () => {
    await client.close()
    await opened.close()
  })
  return client
}

const fixedProbe: SystemProbe = {
  now: () => new Date('2026-03-29T00:30:00Z'), // the night Europe/Berlin switches to summer time
  platform: () => 'darwin',
  release: () => '24.1.0',
  arch: () => 'arm64',
  intl: () => ({ locale: 'de-DE', timeZone: 'Europe/Berlin' }),
}

describe('builtin registry', () => {
  it('creates a server only when a connection opens it, a fresh one per connection', async () => {
    const registry = createBuiltinRegistry({ appVersion: '1.2.3' })
    expect(registry.names()).toEqual(['skills', 'system'])
    expect(registry.created.get('system')).toBeUndefined()
    await connect(registry, 'system')
    await connect(registry, 'system')
    expect(registry.created.get('system')).toBe(2)
  })

  it('names the available builtins when asked for an unknown one, and refuses duplicate names', async () => {
    const registry = createBuiltinRegistry({ appVersion: '1.2.3' })
    await expect(registry.open('weather')).rejects.toThrow(/no builtin extension named "weather"; available: skills, system/)
    expect(() => registry.register('system', createSystemServer)).toThrow(/already registered/)
    const unregister = registry.register('other', createSystemServer)
    unregister()
    expect(registry.has('other')).toBe(false)
  })
})

describe('system builtin', () => {
  it('reports OS, locale, time zone and app version, read-only and closed-world', async () => {
    const registry = new BuiltinRegistry({ appVersion: '1.2.3' })
    registry.register('system', (context) => createSystemServer(context, fixedProbe))
    const client = await connect(registry, 'system')
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual(['get_current_time', 'get_system_info'])
    for (const tool of tools) expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: false })

    const info = await client.callTool({ name: 'get_system_info', arguments: {} })
    expect(info.structuredContent).toEqual({
      os: 'macOS',
      platform: 'darwin',
      osRelease: '24.1.0',
      arch: 'arm64',
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      appVersion: '1.2.3',
    })
  })

  it('tells the time in the own zone or a requested one, with the right offset', async () => {
    const registry = new BuiltinRegistry({ appVersion: '1.2.3' })
    registry.register('system', (context) => createSystemServer(context, fixedProbe))
    const client = await connect(registry, 'system')
    const own = await client.callTool({ name: 'get_current_time', arguments: {} })
    expect(own.structuredContent).toMatchObject({ iso: '2026-03-29T00:30:00.000Z', timeZone: 'Europe/Berlin', utcOffset: '+01:00', weekday: 'Sunday' })
    expect((own.structuredContent as { local: string }).local).toMatch(/29\. März 2026/)
    const tokyo = await client.callTool({ name: 'get_current_time', arguments: { timeZone: 'Asia/Tokyo' } })
    expect(tokyo.structuredContent).toMatchObject({ timeZone: 'Asia/Tokyo', utcOffset: '+09:00' })
    const utc = await client.callTool({ name: 'get_current_time', arguments: { timeZone: 'UTC' } })
    expect(utc.structuredContent).toMatchObject({ utcOffset: '+00:00' })
    const bad = await client.callTool({ name: 'get_current_time', arguments: { timeZone: 'Mars/Olympus' } })
    expect(bad.isError).toBe(true)
    expect((bad.content as { text: string }[])[0]?.text).toMatch(/not an IANA time zone/)
  })

  it('uses the real machine by default', async () => {
    const client = await connect(createBuiltinRegistry({ appVersion: '9.9.9' }), 'system')
    const info = await client.callTool({ name: 'get_system_info', arguments: {} })
    expect(info.structuredContent).toMatchObject({ platform: process.platform, arch: process.arch, appVersion: '9.9.9' })
  })
})
