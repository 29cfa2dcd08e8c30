/** Where secrets are, in words: never the keychain unless the host found one. */
import { describe, expect, it } from 'vitest'
import { secretHome } from '../../src/shared/secretHome'
import { describeSignIn } from '../../src/main/extensions/auth/remoteAuth'

const words = (home: ReturnType<typeof secretHome>) => [home.where, home.store, home.placeholder, home.warning ?? ''].join(' | ')

describe('secretHome', () => {
  it('names the OS keychain only when a keychain binding answered', () => {
    const home = secretHome({ keychain: 'available', backend: 'keytar', backendName: 'the OS keychain (keytar)', passedOver: [] })
    expect(home).toMatchObject({ persists: true, where: 'in your OS keychain', store: 'your OS keychain', warning: undefined })
  })

  it('says an encrypted file, not a keychain, when only safeStorage answered', () => {
    const home = secretHome({ keychain: 'available', backend: 'safe-storage', backendName: 'an encrypted file (Electron safeStorage)', passedOver: [] })
    expect(home.persists).toBe(true)
    expect(home.where).toBe('in an encrypted file in the data folder')
    expect(words(home)).not.toMatch(/keychain/i)
  })

  it('says memory until Switchboard quits, with the way to the fix, when no keychain answered', () => {
    const home = secretHome({ keychain: 'unavailable', reason: 'no Secret Service', fix: 'Install gnome-keyring.' })
    expect(home).toMatchObject({ persists: false, where: 'in memory until Switchboard quits', store: 'memory' })
    expect(home.warning).toMatch(/Settings → General says why and how to fix it/)
    expect([home.where, home.store, home.placeholder].join(' ')).not.toMatch(/keychain/i)
  })

  it('promises neither place while the host is still checking, nor before the settings arrived', () => {
    for (const home of [secretHome({ keychain: 'checking' }), secretHome(undefined)]) {
      expect(home.persists).toBe(false)
      expect(home.where).toBe('in the OS keychain if it answers, else in memory until Switchboard quits')
      expect(home.warning).toMatch(/still checking/)
    }
  })
})

describe('describeSignIn', () => {
  it('says who and how, and leaves where the tokens are to the keychain state', () => {
    const text = describeSignIn({ signedIn: true, grant: 'authorization-code', issuer: 'https://auth.example', registration: 'dynamic' })
    expect(text).toBe('Signed in with https://auth.example using a client registered on the fly (dynamic registration).')
  })
})
