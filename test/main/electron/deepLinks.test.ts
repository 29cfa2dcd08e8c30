/** The pure part of the `switchboard://` protocol: which launch arguments and URLs are install links. */
import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { createDeepLinkInbox, installLinkFromArgv, installLinkFromUrl, protocolClientArgs } from '../../../src/main/electron/deepLinks'
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

describe('protocolClientArgs', () => {
  it('registers the packaged app as itself', () => {
    expect(protocolClientArgs({ execPath: '/opt/Switchboard/switchboard', argv: ['/opt/Switchboard/switchboard'] })).toEqual(['switchboard'])
  })

  it('registers Electron with the entry script in development', () => {
    expect(protocolClientArgs({ defaultApp: true, execPath: '/dev/electron', argv: ['/dev/electron', 'out/main/index.js'] })).toEqual([
      'switchboard',
      '/dev/electron',
      [resolve('out/main/index.js')],
    ])
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
