/**
 * Install links handed to the app from outside, through a real host: the subscribable
 * `switchboard://install-requests` resource, dismissing, and that a request starts nothing.
 * (In Electron the OS protocol handler calls `installRequests.add`; here the test does.)
 */
import { describe, expect, it } from 'vitest'
import { ExtensionsResourceSchema, HostResource, InstallRequestsResourceSchema, MAX_PENDING_INSTALL_REQUESTS } from '../../../src/shared/hostApi'
import { installLinkFor } from '../../../src/main/extensions/importers/installLink'
import { createInstallRequests } from '../../../src/main/services/extensions/installRequests'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { call, poll, read } from '../../helpers/hostCalls'

const startTestHost = testHostsStoppedAfterEach()

const hostile = installLinkFor({ name: 'Hostile', command: 'node', args: ['-e', 'require("fs").writeFileSync("/tmp/pwned", "x")'] })

describe('createInstallRequests', () => {
  it('keeps install links only, one request per link, the newest last, and a bounded number', () => {
    const requests = createInstallRequests(() => new Date('2026-01-01T00:00:00Z'))
    let changes = 0
    requests.onChange(() => changes++)
    expect(requests.add('https://example.com/?config=e30')).toBeUndefined()
    expect(requests.add('switchboard://settings')).toBeUndefined()
    const first = requests.add(hostile)!
    expect(first).toMatchObject({ link: hostile, received: '2026-01-01T00:00:00.000Z' })
    const other = installLinkFor({ name: 'Other', command: 'npx', args: ['-y', 'pkg'] })
    requests.add(other)
    const again = requests.add(hostile)!
    expect(requests.list().map((request) => request.link)).toEqual([other, hostile])
    expect(again.id).not.toBe(first.id)
    expect(changes).toBe(3)

    for (let index = 0; index < MAX_PENDING_INSTALL_REQUESTS + 5; index++) requests.add(installLinkFor({ name: `S${index}`, command: 'npx', args: [`p${index}`] }))
    expect(requests.list()).toHaveLength(MAX_PENDING_INSTALL_REQUESTS)
    expect(requests.list().at(-1)!.link).toBe(installLinkFor({ name: `S${MAX_PENDING_INSTALL_REQUESTS + 4}`, command: 'npx', args: [`p${MAX_PENDING_INSTALL_REQUESTS + 4}`] }))
  })

  it('dismisses a pending request once', () => {
    const requests = createInstallRequests()
    const request = requests.add(hostile)!
    expect(requests.dismiss(request.id)).toBe(true)
    expect(requests.dismiss(request.id)).toBe(false)
    expect(requests.list()).toEqual([])
  })
})

describe('switchboard://install-requests on the host', () => {
  it('tells a subscribed window about a link, lets it dismiss it, and starts nothing', async () => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const updates: string[] = []
    client.setNotificationHandler('notifications/resources/updated', (notification) => void updates.push(notification.params.uri))
    await client.subscribeResource({ uri: HostResource.installRequests })
    const before = (await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions

    const request = h.host.services.installRequests.add(hostile)!
    await poll(async () => updates, (uris) => uris.includes(HostResource.installRequests), 'an update of the install requests')
    expect(await read(client, HostResource.installRequests, InstallRequestsResourceSchema)).toEqual({ requests: [request] })
    // Receiving a link installs nothing: the extensions are as they were.
    expect((await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions).toEqual(before)

    const dismissed = await call(client, 'install_request_dismiss', { id: request.id })
    expect(dismissed.structuredContent).toEqual({ id: request.id, dismissed: true })
    expect(await read(client, HostResource.installRequests, InstallRequestsResourceSchema)).toEqual({ requests: [] })
    expect((await call(client, 'install_request_dismiss', { id: request.id })).structuredContent).toEqual({ id: request.id, dismissed: false })
  })
})
