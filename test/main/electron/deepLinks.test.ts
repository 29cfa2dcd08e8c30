/** The pure part of the `switchboard://` protocol: which launch arguments and URLs are install links. */
import { describe, expect, it } from 'vitest'
import {
  createDeepLinkInbox,
  installLinkFromArgv,
  installLinkFromSecondInstance,
  installLinkFromUrl,
  protocolRegistration,
  registerProtocolClient,
  secondInstanceData,
} from '../../../src/main/electron/deepLinks'
import { installLinkFor, MAX_INSTALL_LINK_LENGTH } from '../../../src/main/extensions/importers/installLink'

const link = installLinkFor({ name: 'Fixture', command: 'node', args: ['server.mjs'] })

describe('installLinkFromUrl (macOS open-url)', () => {
  it('accepts an install link, with or without the slash some systems add', () => {
    expect(installLinkFromUrl(link)).toBe(link)
    const slashed = link.replace('install?', 'install/?')
    expect(installLinkFromUrl(slashed)).toBe(slashed)
    expect(installLinkFromUrl(`  ${link}\n`)).toBe(link)
  })

  it.each([
    ['another scheme', link.replace('switchboard:', 'https:')],
    ['another action', link.replace('//install?', '//uninstall?')],
    ['a path', link.replace('install?', 'install/x?')],
    ['no config', 'switchboard://install'],
    ['an empty config', 'switchboard://install?config='],
    ['two configs', `${link}&config=e30`],
    ['an extra parameter', `${link}&then=run`],
    ['credentials in the link', link.replace('//install', '//user:pw@install')],
    ['a fragment', `${link}#x`],
    ['not a URL', 'install me'],
    ['the empty string', ''],
    ['an oversized link', `switchboard://install?config=${'A'.repeat(MAX_INSTALL_LINK_LENGTH)}`],
  ])('refuses %s', (_what, url) => {
    expect(installLinkFromUrl(url)).toBeUndefined()
  })
})

describe('installLinkFromArgv (Windows and Linux pass the link as an argument)', () => {
  it('finds the link among Chromium switches, wherever it is', () => {
    expect(installLinkFromArgv(['/opt/Switchboard/switchboard', '--no-sandbox', link])).toBe(link)
    expect(installLinkFromArgv(['C:\\Switchboard.exe', link, '--allow-file-access-from-files'])).toBe(link)
  })

  it('ignores the executable, other arguments and links that are not install links', () => {
    expect(installLinkFromArgv([link])).toBeUndefined()
    expect(installLinkFromArgv(['switchboard', '--flag', 'switchboard://settings', 'https://example.com/?config=e30'])).toBeUndefined()
    expect(installLinkFromArgv(['switchboard', `--url=${link}`])).toBeUndefined()
    expect(installLinkFromArgv([])).toBeUndefined()
  })
})

describe('createDeepLinkInbox', () => {
  it('holds links until the host is attached, then delivers them in order and later ones at once', () => {
    const inbox = createDeepLinkInbox(2)
    inbox.receive('a')
    inbox.receive('b')
    inbox.receive('c')
    const delivered: string[] = []
    inbox.attach((next) => delivered.push(next))
    expect(delivered).toEqual(['b', 'c'])
    inbox.receive('d')
    expect(delivered).toEqual(['b', 'c', 'd'])
  })
})

describe('second launches (requestSingleInstanceLock additionalData → second-instance)', () => {
  const other = installLinkFor({ name: 'Other', command: 'npx', args: ['-y', 'other'] })

  it('passes the launch link as data, and nothing when there is none', () => {
    expect(secondInstanceData(['/usr/bin/switchboard', link])).toEqual({ installLink: link })
    expect(secondInstanceData(['/usr/bin/switchboard', '--flag'])).toEqual({})
  })

  it('takes the link from the data, not from an argv Chromium reordered', () => {
    const argv = ['/usr/bin/switchboard', '--original-process-start-time=1', other]
    expect(installLinkFromSecondInstance(argv, { installLink: link })).toBe(link)
  })

  it('falls back to the arguments when the data has no usable link', () => {
    const argv = ['/usr/bin/switchboard', link]
    expect(installLinkFromSecondInstance(argv, {})).toBe(link)
    expect(installLinkFromSecondInstance(argv, null)).toBe(link)
    expect(installLinkFromSecondInstance(argv, { installLink: 42 })).toBe(link)
    expect(installLinkFromSecondInstance(argv, { installLink: 'https://evil.example/' })).toBe(link)
    expect(installLinkFromSecondInstance(['/usr/bin/switchboard'], { installLink: 'switchboard://install' })).toBeUndefined()
  })
})

describe('registerProtocolClient', () => {
  const packagedMac = { isPackaged: true, platform: 'darwin' as const }

  it('says once that links will not reach the app when the system refuses the registration', () => {
    const warnings: string[] = []
    expect(registerProtocolClient(() => false, packagedMac, (message) => warnings.push(message))).toBe(false)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/switchboard:\/\/ links.*Install link/)
  })

  it('registers the packaged app on macOS and Windows, quietly when it worked', () => {
    for (const platform of ['darwin', 'win32'] as const) {
      const calls: string[] = []
      const warnings: string[] = []
      expect(registerProtocolClient((scheme) => (calls.push(scheme), true), { isPackaged: true, platform }, (message) => warnings.push(message))).toBe(true)
      expect(calls).toEqual(['switchboard'])
      expect(warnings).toEqual([])
    }
  })

  it('never registers a development run (it would take the links from an installed copy)', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const calls: string[] = []
      registerProtocolClient((scheme) => (calls.push(scheme), true), { isPackaged: false, platform }, () => {})
      expect(calls).toEqual([])
      expect(protocolRegistration({ isPackaged: false, platform })).toBe('development')
    }
  })

  it('leaves Linux to the .desktop file of the deb/rpm (no synchronous xdg-settings at every start)', () => {
    const calls: string[] = []
    registerProtocolClient((scheme) => (calls.push(scheme), true), { isPackaged: true, platform: 'linux' }, () => {})
    expect(calls).toEqual([])
    expect(protocolRegistration({ isPackaged: true, platform: 'linux' })).toBe('desktop-file')
  })
})
