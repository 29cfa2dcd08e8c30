/** `${secret:NAME}` references: finding, the `$$` escape, resolving through a SecretStore, and the missing-secret error. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setLogSink } from '../../../src/main/log/log'
import {
  MissingSecretError,
  findSecretRefs,
  findSecretRefsIn,
  resolveSecretRefs,
  resolveSecretRefsIn,
  secretRefProblems,
} from '../../../src/main/secrets/secretRefs'
import { keychainCandidate } from '../../../src/main/secrets/keychain'
import { openSecretStore, type SecretStore } from '../../../src/main/secrets/secretStore'

const noKeychain = keychainCandidate('keytar', 'the OS keychain (keytar)', () => Promise.reject(new Error('no keychain in this test')))

// The real SecretStore in its in-memory mode (no keychain needed for reference logic).
let secrets: SecretStore
let restoreLog: () => void
beforeAll(() => {
  // The store's "keeping secrets in memory" warning is expected here; keep the test output clean.
  restoreLog = setLogSink(() => undefined)
})
afterAll(() => restoreLog())
beforeEach(async () => {
  secrets = await openSecretStore({ backends: [noKeychain], service: 'Switchboard-test-refs' })
})

describe('finding references', () => {
  it('lists each referenced name once, in order, and skips escaped references', () => {
    const text = 'Bearer ${secret:b} ${secret:a} ${secret:b} $${secret:literal}'
    expect(findSecretRefs(text)).toEqual(['b', 'a'])
  })

  it('finds references across a record and a list', () => {
    expect(findSecretRefsIn({ A: '${secret:x}', B: 'plain', C: '${secret:y}${secret:x}' })).toEqual(['x', 'y'])
    expect(findSecretRefsIn(['--token', '${secret:z}'])).toEqual(['z'])
  })

  it('reports invalid names and unclosed references for config validation', () => {
    expect(secretRefProblems('${secret:ok} $${secret:any thing}')).toEqual([])
    expect(secretRefProblems('${secret:bad name}')[0]).toMatch(/In the reference "\$\{secret:bad name\}": Secret name "bad name" is not valid/)
    expect(secretRefProblems('${secret:}')[0]).toMatch(/cannot be empty/)
    expect(secretRefProblems('x ${secret:never-closed')).toEqual([expect.stringMatching(/missing its closing "}"/)])
  })
})

describe('resolving references', () => {
  it('replaces every reference with its value at use time', async () => {
    await secrets.set('provider:anthropic', 'value-1')
    expect(await resolveSecretRefs('Bearer ${secret:provider:anthropic}', secrets)).toBe('Bearer value-1')
    await secrets.set('provider:anthropic', 'value-2')
    expect(await resolveSecretRefs('Bearer ${secret:provider:anthropic}', secrets)).toBe('Bearer value-2')
  })

  it('turns the $$ escape into the literal reference text without resolving it', async () => {
    expect(await resolveSecretRefs('keep $${secret:not-set} and $$HOME and $5', secrets)).toBe('keep ${secret:not-set} and $$HOME and $5')
  })

  it('inserts values verbatim, even ones that look like replacement patterns', async () => {
    await secrets.set('tricky', "$& $1 $' $$ ${secret:other}")
    expect(await resolveSecretRefs('[${secret:tricky}]', secrets)).toBe("[$& $1 $' $$ ${secret:other}]")
  })

  it('resolves a record (env or headers) and keeps its keys', async () => {
    await secrets.set('extension:gh:env:GITHUB_TOKEN', 'ghs-value')
    const env = await resolveSecretRefsIn({ GITHUB_TOKEN: '${secret:extension:gh:env:GITHUB_TOKEN}', LOG: 'debug' }, secrets)
    expect(env).toEqual({ GITHUB_TOKEN: 'ghs-value', LOG: 'debug' })
  })

  it('names the missing secret, who needs it, and the fix', async () => {
    // Only `get`: with an available keychain (no status to report) the message is just this.
    const reader = { get: (name: string) => secrets.get(name) }
    const error = await resolveSecretRefs('${secret:extension:gh:env:GITHUB_TOKEN}', reader, { usedBy: 'extension "GitHub" (env GITHUB_TOKEN)' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MissingSecretError)
    expect((error as MissingSecretError).missing).toEqual(['extension:gh:env:GITHUB_TOKEN'])
    expect((error as Error).message).toBe(
      'Secret "extension:gh:env:GITHUB_TOKEN" is not set (needed by extension "GitHub" (env GITHUB_TOKEN)). Set it in Settings → Secrets.',
    )
  })

  it('lists every missing secret of a record in one error, and explains an unavailable keychain', async () => {
    const error = (await resolveSecretRefsIn({ A: '${secret:one}', B: '${secret:two}' }, secrets).catch((e: unknown) => e)) as MissingSecretError
    expect(error.missing).toEqual(['one', 'two'])
    expect(error.message).toMatch(/^Secrets "one", "two" are not set\. Set them in Settings → Secrets\. The OS keychain is unavailable \(.*no keychain in this test\), so secrets saved in earlier runs cannot be read now; set them again for this run, or: /)
  })

  it('refuses a reference with an invalid name instead of passing it on literally', async () => {
    await expect(resolveSecretRefs('${secret:bad name}', secrets)).rejects.toThrow(/not valid/)
  })

  it('leaves text without references untouched', async () => {
    expect(await resolveSecretRefs('plain $text ${HOME}', secrets)).toBe('plain $text ${HOME}')
  })
})
