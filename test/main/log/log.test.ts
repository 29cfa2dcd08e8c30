/** log() masks secret values registered by the SecretStore and token shapes, in scope and message. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { log, setLogSink } from '../../../src/main/log/log'
import { forgetSecretValue, registerSecretValue } from '../../../src/main/log/secretValues'
import { REDACTED } from '../../../src/main/log/redact'

const lines: string[] = []
let restore: () => void
beforeAll(() => {
  restore = setLogSink((line) => lines.push(line), 'debug')
})
afterEach(() => {
  lines.length = 0
})
afterAll(() => restore())

describe('log() redaction', () => {
  it('masks a registered secret value in the message and the scope', () => {
    registerSecretValue('canary-3f9a1c')
    log('info', 'ext:canary-3f9a1c', 'spawning with KEY=canary-3f9a1c')
    forgetSecretValue('canary-3f9a1c')
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toContain('canary-3f9a1c')
    expect(lines[0]).toMatch(new RegExp(`info \\[ext:\\[redacted\\]\\] spawning with KEY=\\[redacted\\]$`))
  })

  it('masks token shapes nobody registered', () => {
    log('warn', 'http', `401 for Authorization: Bearer ${'tok_' + '1234567890abcdef'}`)
    expect(lines[0]).toContain(`Bearer ${REDACTED}`)
  })

  it('keeps ordinary lines as they are, with the time and level prefix', () => {
    log('error', 'host', 'Extension "fs" exited with code 1')
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z error \[host\] Extension "fs" exited with code 1$/)
  })

  it('still honours the level threshold', () => {
    const restoreInfo = setLogSink((line) => lines.push(line), 'info')
    log('debug', 'host', 'hidden')
    restoreInfo()
    expect(lines).toEqual([])
  })
})
