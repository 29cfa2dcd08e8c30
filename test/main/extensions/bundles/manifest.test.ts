/** Manifest validation: versions 0.1–0.4 and legacy dxt_version, required fields, misnamed fields, corrupt JSON. */
import { describe, expect, it } from 'vitest'
import { parseManifest } from '../../../../src/main/extensions/bundles/manifestSchema'
import { fixtureManifest } from './bundleFixtures'

const parse = (manifest: Record<string, unknown>) => parseManifest(JSON.stringify(manifest))
const errorsOf = (manifest: Record<string, unknown>) => {
  const result = parse(manifest)
  return result.ok ? [] : result.errors
}

describe('parseManifest', () => {
  it.each(['0.1', '0.2', '0.3', '0.4'])('accepts manifest_version %s', (version) => {
    expect(parse(fixtureManifest({ manifest_version: version })).ok).toBe(true)
  })

  it('accepts the legacy dxt_version', () => {
    const { manifest_version: _dropped, ...legacy } = fixtureManifest()
    expect(parse({ ...legacy, dxt_version: '0.1' })).toMatchObject({ ok: true, manifest: { name: 'fixture-bundle' } })
  })

  it('fills defaults for optional lists and user_config fields', () => {
    const result = parse(fixtureManifest({ user_config: { dir: { type: 'directory', title: 'Folder' } } }))
    expect(result).toMatchObject({ ok: true, manifest: { keywords: [], prompts: [], user_config: { dir: { required: false, multiple: false, sensitive: false } } } })
  })

  it('refuses an unsupported or missing version, naming the field', () => {
    expect(errorsOf(fixtureManifest({ manifest_version: '9.0' }))).toEqual(['manifest_version: manifest version "9.0" is not supported; Switchboard reads 0.1, 0.2, 0.3, 0.4.'])
    const { manifest_version: _dropped, ...none } = fixtureManifest()
    expect(errorsOf(none)[0]).toMatch(/^manifest_version: manifest_version is missing/)
  })

  it('names every missing required field', () => {
    const { name: _n, author: _a, server: _s, ...rest } = fixtureManifest()
    const errors = errorsOf({ ...rest, author: {} })
    expect(errors.some((error) => error.startsWith('name:'))).toBe(true)
    expect(errors.some((error) => error.startsWith('author.name:'))).toBe(true)
    expect(errors.some((error) => error.startsWith('server:'))).toBe(true)
  })

  it('names fields written in the wrong spelling', () => {
    expect(errorsOf(fixtureManifest({ displayName: 'X', userConfig: {} }))).toEqual([
      '"displayName" is not a manifest field; write "display_name".',
      '"userConfig" is not a manifest field; write "user_config".',
    ])
  })

  it('refuses a name that would not be a safe folder name', () => {
    expect(errorsOf(fixtureManifest({ name: '../../etc' }))[0]).toMatch(/^name: name may hold only/)
  })

  it('refuses corrupt JSON and non-objects', () => {
    expect(parseManifest('{"name": ')).toMatchObject({ ok: false, errors: [expect.stringMatching(/^manifest\.json is not valid JSON/)] })
    expect(parseManifest('[1,2]')).toEqual({ ok: false, errors: ['manifest.json must hold a JSON object.'] })
  })
})
