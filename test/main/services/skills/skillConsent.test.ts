/** Consent kept in skills.json: bound to the {uri, digest} set; dynamic skills never kept; a damaged file set aside. */
import { readdir, writeFile } from 'node:fs/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { manifestSet, openSkillConsent, skillKey } from '../../../../src/main/services/skills/skillConsent'
import { tempDir } from '../../../helpers/tempDir'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

const entry = (digest: string) => [
  { uri: 'skill://acme/refunds/SKILL.md', digest: `sha256:${digest.repeat(64)}` },
  { uri: 'skill://acme/refunds/a.md', digest: `sha256:${'b'.repeat(64)}` },
]

describe('skill consent', () => {
  it('binds to the {uri, digest} set (order-free), survives a restart, and a changed set voids it', async () => {
    const dir = await tempDir()
    cleanups.push(dir.remove)
    const key = skillKey('acme', 'skill://acme/refunds/SKILL.md')
    const set = manifestSet(entry('a'))
    expect(manifestSet([...entry('a')].reverse())).toBe(set)
    const consent = openSkillConsent(dir.path)
    consent.consent(key, set, false)
    consent.setChoice('global', undefined, key, true, false)
    await consent.save()
    const again = openSkillConsent(dir.path)
    expect(again.consented(key, set, false)).toBe(true)
    expect(again.choice('global', undefined, key, false)).toBe(true)
    const changed = manifestSet(entry('c'))
    expect(again.consented(key, changed, false)).toBe(false)
    expect(again.changed(key, changed)).toBe(true)
  })

  it('keeps no approval of a dynamic skill past this run', async () => {
    const dir = await tempDir()
    cleanups.push(dir.remove)
    const key = skillKey('acme', 'skill://reports/daily/SKILL.md')
    const consent = openSkillConsent(dir.path)
    consent.consent(key, undefined, true)
    consent.setChoice('session', 's1', key, true, true)
    expect(consent.consented(key, undefined, true)).toBe(true)
    expect(consent.choice('session', 's1', key, true)).toBe(true)
    await consent.save()
    const again = openSkillConsent(dir.path)
    expect(again.consented(key, undefined, true)).toBe(false)
    expect(again.choice('session', 's1', key, true)).toBeUndefined()
  })

  it('sets a damaged skills.json aside with a notice: every skill is off', async () => {
    const dir = await tempDir()
    cleanups.push(dir.remove)
    await writeFile(`${dir.path}/skills.json`, '{ not json')
    const consent = openSkillConsent(dir.path)
    expect(consent.notices).toEqual([expect.stringMatching(/could not be read and were set aside; found skills are off/)])
    expect((await readdir(dir.path)).filter((name) => name.startsWith('skills.corrupt-'))).toHaveLength(1)
  })
})
