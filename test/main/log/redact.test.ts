/** Redaction: each token shape, registered values, and no masking of ordinary text. */
import { describe, expect, it } from 'vitest'
import { MIN_MASKED_SECRET_LENGTH, REDACTED, createRedactor, redactTokenShapes } from '../../../src/main/log/redact'

// Built by concatenation so no scanner mistakes this test file for a leaked credential.
const fake = (prefix: string, body: string) => prefix + body

const shapes: Array<[shape: string, text: string, expected: string]> = [
  ['OpenAI key', `key ${fake('sk-', 'proj-A1b2C3d4E5f6G7h8I9j0K1l2')} used`, `key ${REDACTED} used`],
  ['Anthropic key', `x-api-key: ${fake('sk-ant-', 'api03-Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2_Rr1')}`, `x-api-key: ${REDACTED}`],
  ['Bearer token', `Authorization: Bearer ${fake('abc123', 'DEF456ghi789.jkl')}`, `Authorization: Bearer ${REDACTED}`],
  ['bearer in any case', `authorization: bearer ${fake('0a1b2c3d', '4e5f6a7b8c9d')}`, `authorization: bearer ${REDACTED}`],
  ['GitHub classic token', `token ${fake('ghp_', 'aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5')} ok`, `token ${REDACTED} ok`],
  ['GitHub OAuth token', fake('gho_', '16C7e42F292c6912E7710c838347Ae178B4a'), REDACTED],
  ['GitHub fine-grained PAT', `pat=${fake('github_pat_', '11ABCDEFG0123456789_abcdefghijklmnopqrstuv')}`, `pat=${REDACTED}`],
  [
    'JWT',
    `id ${fake('eyJ', 'hbGciOiJIUzI1NiJ9')}.${fake('eyJ', 'zdWIiOiIxMjM0NTY3ODkwIn0')}.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U end`,
    `id ${REDACTED} end`,
  ],
  ['unsigned JWT (alg none)', `${fake('eyJ', 'hbGciOiJub25lIn0')}.${fake('eyJ', 'zdWIiOiJ4In0')}.`, REDACTED],
  ['Slack token', `slack ${fake('xoxb-', '1234567890-abcdefghij')}`, `slack ${REDACTED}`],
  ['Google API key', fake('AIza', 'SyA1234567890abcdefghijklmnopqrstuv'), REDACTED],
  ['AWS access key id', `aws ${fake('AKIA', 'IOSFODNN7EXAMPLE')}`, `aws ${REDACTED}`],
  ['password assignment', 'password=hunter2hunter2', `password=${REDACTED}`],
  ['JSON api key', '{"apiKey": "abcdefgh12345678"}', `{"apiKey": "${REDACTED}"}`],
  ['token in a URL query', 'GET /mcp?token=Zm9vYmFyYmF6cXV4 101', `GET /mcp?token=${REDACTED} 101`],
  ['access_token in a URL query', 'cb?code=1&access_token=ya29.a0AfH6SM&x=1', `cb?code=1&access_token=${REDACTED}&x=1`],
]

describe('token shapes', () => {
  it.each(shapes)('masks a %s', (_shape, text, expected) => {
    expect(redactTokenShapes(text)).toBe(expected)
  })

  const ordinary = [
    'Extension "task-runner-for-large-projects" started in 120 ms',
    'Use scikit-learn and sk-learn-style pipelines',
    'The server requires Bearer authentication',
    'token limit reached: 200000 tokens in the context window',
    'secret "extension:github:env:GITHUB_TOKEN" is not set; ${secret:provider:anthropic} referenced',
    'password must be at least 8 characters',
    'Loaded settings from /home/ada/.config/Switchboard/settings.json',
    'eyJust a word. And another. Sentence',
    'ghp_short and github_pat_short',
    'disk-usage-monitor-service-with-a-long-name is ready',
    'tools/call id=42 result={"content":[{"type":"text","text":"hello world"}]}',
  ]
  it.each(ordinary)('leaves ordinary text alone: %s', (text) => {
    expect(redactTokenShapes(text)).toBe(text)
  })
})

describe('registered secret values', () => {
  it('masks a registered value wherever it appears, and its JSON-escaped form', () => {
    const redactor = createRedactor()
    const value = 'line one\nline "two"'
    redactor.register(value)
    expect(redactor.redact(`raw ${value} end`)).toBe(`raw ${REDACTED} end`)
    expect(redactor.redact(`json ${JSON.stringify({ v: value })}`)).toBe(`json {"v":"${REDACTED}"}`)
  })

  it('masks a value that contains another registered value as a whole', () => {
    const redactor = createRedactor()
    redactor.register('abcd')
    redactor.register('abcdefgh')
    expect(redactor.redact('x abcdefgh y abcd z')).toBe(`x ${REDACTED} y ${REDACTED} z`)
  })

  it('treats regular-expression characters in a value literally', () => {
    const redactor = createRedactor()
    redactor.register('a.b*c(d)$')
    expect(redactor.redact('a.b*c(d)$ axbbbc(d)')).toBe(`${REDACTED} axbbbc(d)`)
  })

  it(`ignores values shorter than ${MIN_MASKED_SECRET_LENGTH} characters, which would blank out ordinary words`, () => {
    const redactor = createRedactor()
    redactor.register('abc')
    expect(redactor.size).toBe(0)
    expect(redactor.redact('abc abcdef')).toBe('abc abcdef')
  })

  it('counts registrations: a value stays masked until every registration is forgotten', () => {
    const redactor = createRedactor()
    redactor.register('s3cr3t-value')
    redactor.register('s3cr3t-value')
    redactor.forget('s3cr3t-value')
    expect(redactor.redact('s3cr3t-value')).toBe(REDACTED)
    redactor.forget('s3cr3t-value')
    expect(redactor.redact('s3cr3t-value')).toBe('s3cr3t-value')
  })

  it('masks unicode values', () => {
    const redactor = createRedactor()
    redactor.register('pässwörd-🔑-秘密')
    expect(redactor.redact('is pässwörd-🔑-秘密!')).toBe(`is ${REDACTED}!`)
  })
})
