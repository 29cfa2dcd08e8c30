/**
 * scripts/linuxDepends.mjs: the .deb's Depends as electron-builder resolves them from
 * build/electron-builder.yml (a `deb.depends` replaces its default list), and the check the release
 * workflow runs on a built .deb's Depends field.
 */
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { dependsNames, missingDebDepends, REQUIRED_DEB_DEPENDS, resolvedDebDepends } from '../../scripts/linuxDepends.mjs'

const config = parse(readFileSync('build/electron-builder.yml', 'utf8')) as Record<string, unknown>

describe('the Linux package dependencies', () => {
  it("the .deb built from build/electron-builder.yml depends on GTK, NSS, xdg-utils and libsecret (electron-builder's list is not replaced)", () => {
    const depends = resolvedDebDepends(config)
    expect(missingDebDepends(depends)).toEqual([])
    for (const name of ['libgtk-3-0', 'libnss3', 'xdg-utils', 'libsecret-1-0']) expect(depends).toContain(name)
  })

  it('a deb.depends of its own replaces the defaults, and the check names what is then missing', () => {
    const overridden = resolvedDebDepends({ ...config, deb: { depends: ['libsecret-1-0'] } })
    expect(overridden).toEqual(['libsecret-1-0'])
    expect(missingDebDepends(overridden)).toEqual(REQUIRED_DEB_DEPENDS.filter((name) => name !== 'libsecret-1-0'))
  })

  it('reads a Depends field as dpkg-deb prints it: versions, alternatives and architecture qualifiers', () => {
    expect(dependsNames('libgtk-3-0 (>= 3.0), libnss3 | libnss3t64, xdg-utils:any')).toEqual(['libgtk-3-0', 'libnss3', 'libnss3t64', 'xdg-utils'])
    expect(missingDebDepends('libsecret-1-0')).toContain('libgtk-3-0')
    expect(missingDebDepends(REQUIRED_DEB_DEPENDS.map((name) => `${name} (>= 1)`).join(', '))).toEqual([])
  })
})
