/** Secret names: what is accepted, the naming scheme, and reading a name back as "where it is used". */
import { describe, expect, it } from 'vitest'
import { ACTIVITY_KEY_SECRET } from '../../../src/main/activity/activityKey'
import {
  MAX_SECRET_NAME_LENGTH,
  assertSecretName,
  describeSecretName,
  extensionEnvSecretName,
  extensionHeaderSecretName,
  providerSecretName,
  secretNameProblem,
  isAppKey,
} from '../../../src/main/secrets/secretNames'

describe('secret names', () => {
  it.each(['provider:anthropic', 'extension:github:env:GITHUB_TOKEN', 'extension:@scope/server-x:header:X-Api-Key', 'a', 'my.key_v2'])(
    'accepts %s',
    (name) => expect(secretNameProblem(name)).toBeUndefined(),
  )

  it.each([
    ['', /cannot be empty/],
    ['has space', /letters, digits and \. _ - : \/ @ only/],
    ['brace}', /not valid/],
    ['${secret:x}', /not valid/],
    [':leading-colon', /starting with a letter or digit/],
    ['é-accent', /not valid/],
    ['x'.repeat(MAX_SECRET_NAME_LENGTH + 1), new RegExp(`at most ${MAX_SECRET_NAME_LENGTH}`)],
  ])('rejects %j with a message that says what is allowed', (name, message) => {
    expect(() => assertSecretName(name)).toThrow(message)
  })

  it('builds the names of the scheme and reads them back', () => {
    expect(providerSecretName('anthropic')).toBe('provider:anthropic')
    expect(describeSecretName('provider:anthropic')).toEqual({ kind: 'provider', provider: 'anthropic' })
    const env = extensionEnvSecretName('github', 'GITHUB_TOKEN')
    expect(env).toBe('extension:github:env:GITHUB_TOKEN')
    expect(describeSecretName(env)).toEqual({ kind: 'extension-env', extensionId: 'github', envName: 'GITHUB_TOKEN' })
    const header = extensionHeaderSecretName('linear', 'Authorization')
    expect(describeSecretName(header)).toEqual({ kind: 'extension-header', extensionId: 'linear', headerName: 'Authorization' })
    expect(describeSecretName('custom.token')).toEqual({ kind: 'other' })
  })

  it('refuses to build a name from parts that are not valid', () => {
    expect(() => extensionEnvSecretName('git hub', 'TOKEN')).toThrow(/not valid/)
  })
})

describe("Switchboard's own keys", () => {
  it('the activity log key is the app’s, not a secret the person keeps, so Settings → Secrets leaves it out', () => {
    expect(isAppKey(ACTIVITY_KEY_SECRET)).toBe(true)
    for (const name of ['provider:anthropic', 'extension:github:env:GITHUB_TOKEN', 'my-token', 'activityish']) expect(isAppKey(name)).toBe(false)
  })
})
