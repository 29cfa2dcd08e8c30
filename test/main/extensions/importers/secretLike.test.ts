/** Unit: which imported values look like credentials, and JSONC reading. */
import { describe, expect, it } from 'vitest'
import { secretLikeReason, splitAuthScheme } from '../../../../src/main/extensions/importers/secretLike'
import { parseJsonText } from '../../../../src/main/extensions/importers/jsonText'

describe('secret-looking values', () => {
  it.each([
    ['env', 'ANYTHING', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789', /GitHub token/],
    ['env', 'OPENAI', 'sk-proj-abcdefghijklmnopqrstuvwx', /sk- API key/],
    ['env', 'SLACK', 'xoxb-1234567890-abcdefghij', /Slack token/],
    ['header', 'Authorization', 'Bearer abcdefgh12345678', /Bearer credential/],
    ['env', 'GITHUB_PERSONAL_ACCESS_TOKEN', 'not-token-shaped', /name "GITHUB_PERSONAL_ACCESS_TOKEN"/],
    ['env', 'AWS_SECRET_ACCESS_KEY', 'wJalrXUtnFEMIK7MDENG', /suggests a credential/],
    ['env', 'DB_PASSWORD', 'correct horse', /suggests a credential/],
    ['env', 'apiKey', 'abcdef123', /suggests a credential/],
    ['header', 'X-Api-Key', 'abcdef123', /header name "X-Api-Key"/],
  ] as const)('%s %s is suggested (%s)', (field, name, value, reason) => {
    expect(secretLikeReason(field, name, value)).toMatch(reason)
  })

  it.each([
    ['GITHUB_TOOLSETS', 'repos,issues'],
    ['SSH_KEY_PATH', 'id_ed25519-something'],
    ['AWS_ACCESS_KEY_ID_NAME', 'whatever-value'],
    ['API_KEY', ''],
    ['API_TOKEN', 'true'],
    ['SECRET_FILE', '/run/secrets/token'],
    ['AUTH_URL', 'https://auth.example.com/oauth'],
    ['CLIENT_TOKEN', '8080'],
    ['MONKEY', 'banana-bread'],
    ['LOG_LEVEL', 'debug'],
  ])('%s=%s is not suggested', (name, value) => {
    expect(secretLikeReason('env', name, value)).toBeUndefined()
  })

  it('moves only the token of an auth header', () => {
    expect(splitAuthScheme('Bearer abc.def')).toEqual({ prefix: 'Bearer ', secret: 'abc.def' })
    expect(splitAuthScheme('token-without-scheme')).toEqual({ prefix: '', secret: 'token-without-scheme' })
  })
})

describe('JSON and JSONC text', () => {
  it('reads comments and trailing commas, leaving strings alone', () => {
    const text = '{\n  // a comment\n  "url": "https://x.example/a//b", /* block */\n  "list": [1, 2,],\n  "s": "has \\" and /* not a comment */",\n}'
    expect(parseJsonText(text, 'X')).toEqual({ ok: true, value: { url: 'https://x.example/a//b', list: [1, 2], s: 'has " and /* not a comment */' } })
  })

  it('keeps a "__proto__" key as an own member, as JSON.parse does', () => {
    const result = parseJsonText('{"__proto__": {"command": "x"}, "servers": {}}', 'X')
    if (!result.ok) throw new Error(result.problem)
    const value = result.value as Record<string, unknown>
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.keys(value)).toEqual(['__proto__', 'servers'])
    expect(value.command).toBeUndefined()
  })

  it('reads a byte order mark, and reports bad JSON with the line, the column and what is wrong', () => {
    expect(parseJsonText('\ufeff{"a": 1}', 'X')).toEqual({ ok: true, value: { a: 1 } })
    expect(parseJsonText('{"a": }', 'The pasted config')).toEqual({ ok: false, problem: 'The pasted config is not valid JSON (a value is missing at line 1, column 7); copy the whole file again, or fix it there.' })
    expect(parseJsonText('{\n  "a": 1\n  "b": 2\n}', 'X')).toEqual({ ok: false, problem: 'X is not valid JSON (a comma is missing at line 3, column 3); copy the whole file again, or fix it there.' })
    expect(parseJsonText('{\n  "a": "cut', 'X')).toEqual({ ok: false, problem: 'X is not valid JSON (it ends too early: the text in quotes at line 2, column 8 never closes; part of it is missing); copy the whole file again, or fix it there.' })
    expect(parseJsonText('{"a": [1, 2', 'X')).toEqual({ ok: false, problem: 'X is not valid JSON (it ends too early at line 1, column 12; part of it is missing); copy the whole file again, or fix it there.' })
    expect(parseJsonText('{"a": 1} {"b": 2}', 'X')).toEqual({ ok: false, problem: 'X is not valid JSON (there is more text after the end at line 1, column 10); copy the whole file again, or fix it there.' })
  })

  it('never quotes the text around a syntax error (it may be a key)', () => {
    const key = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz'
    for (const text of [`{"env": {"KEY": "${key}" "B": 1}}`, `{"env": {"KEY": "${key}",, }}`, `{"KEY": ${key}}`]) {
      const result = parseJsonText(text, 'X')
      expect(result.ok).toBe(false)
      expect(JSON.stringify(result)).not.toContain('abcdefghij')
    }
  })
})
