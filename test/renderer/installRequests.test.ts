/** Install links from the OS open the Install link tab once each, newest first, with the link filled in. */
import { beforeEach, describe, expect, it } from 'vitest'
import { openInstallRequests } from '../../src/renderer/stores/installRequests'
import { useViewStore } from '../../src/renderer/stores/viewStore'
import { createInstallRequests } from '../../src/main/services/extensions/installRequests'
import { installLinkFor } from '../../src/main/extensions/importers/installLink'

beforeEach(() => useViewStore.setState({ screen: 'sessions', extensionsPage: { page: 'list' } }))

describe('openInstallRequests', () => {
  it('opens the newest pending link on the Install link tab, and each request only once', () => {
    // The requests as the host keeps them (the same code that serves switchboard://install-requests).
    const requests = createInstallRequests()
    const first = requests.add(installLinkFor({ name: 'One', command: 'npx', args: ['one'] }))!
    const second = requests.add(installLinkFor({ name: 'Two', command: 'npx', args: ['two'] }))!
    openInstallRequests(requests.list())
    expect(useViewStore.getState()).toMatchObject({
      screen: 'settings',
      settingsSection: 'extensions',
      extensionsPage: { page: 'add', tab: 'link', link: second.link, requestId: second.id },
    })

    // The person looks elsewhere; an update of the same list does not pull them back.
    useViewStore.getState().selectSession(null)
    openInstallRequests(requests.list())
    expect(useViewStore.getState().screen).toBe('sessions')

    // Dismissing the newest leaves the older one, which has not been shown yet: it opens now.
    requests.dismiss(second.id)
    openInstallRequests(requests.list())
    expect(useViewStore.getState().extensionsPage).toEqual({ page: 'add', tab: 'link', link: first.link, requestId: first.id })
  })

  it('does nothing without requests', () => {
    openInstallRequests([])
    expect(useViewStore.getState().extensionsPage).toEqual({ page: 'list' })
  })
})
