/**
 * build/electron-builder.yml against electron-builder's own JSON schema (app-builder-lib ships it as
 * scheme.json), plus what the packages must have that the schema cannot know: the switchboard://
 * protocol the app handles, the targets per OS, the fuse hook and icons that exist.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { Ajv, type ErrorObject } from 'ajv'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { INSTALL_LINK_SCHEME } from '../../src/main/electron/deepLinks'
import { APP_USER_MODEL_ID } from '../../src/main/electron/appMenu'

const require = createRequire(import.meta.url)
const config = parse(readFileSync('build/electron-builder.yml', 'utf8')) as Record<string, unknown> & {
  directories: { buildResources: string; output: string }
  protocols: Array<{ schemes: string[] }>
  afterPack: string
  files: string[]
  linux: { target: Array<{ target: string; arch: string[] }>; icon: string }
  mac: { target: Array<{ target: string }>; icon: string; hardenedRuntime: boolean; notarize: boolean; entitlements: string }
  win: { target: Array<{ target: string }>; icon: string }
  nsis: { include: string }
}

function schemaValidator() {
  const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object
  const ajv = new Ajv({ allErrors: true, strict: false })
  // The schema marks hook options that may also be functions with a "typeof" keyword of its own.
  ajv.addKeyword({ keyword: 'typeof', schemaType: 'string', validate: (type: string, data: unknown) => typeof data === type })
  return ajv.compile(schema)
}
const describeErrors = (errors: ErrorObject[] | null | undefined) => (errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`).join('\n')

describe('build/electron-builder.yml', () => {
  const validate = schemaValidator()

  it("is valid against electron-builder's schema", () => {
    const valid = validate(config)
    expect(describeErrors(validate.errors)).toBe('')
    expect(valid).toBe(true)
  })

  it('the schema check catches a misspelt option (so the check above can fail)', () => {
    expect(validate({ ...config, mac: { ...config.mac, hardendRuntime: true } })).toBe(false)
    expect(validate({ ...config, protocol: config.protocols })).toBe(false)
    expect(validate({ ...config, mac: { ...config.mac, target: ['dmgg'] } })).toBe(false)
  })

  it('registers the switchboard:// protocol the app handles, on Windows through the installer script', () => {
    expect(config.protocols.flatMap((protocol) => protocol.schemes)).toEqual([INSTALL_LINK_SCHEME])
    const nsis = readFileSync(config.nsis.include, 'utf8')
    expect(nsis).toContain(`WriteRegStr SHCTX "Software\\Classes\\${INSTALL_LINK_SCHEME}" "URL Protocol" ""`)
    expect(nsis).toContain(`DeleteRegKey SHCTX "Software\\Classes\\${INSTALL_LINK_SCHEME}"`)
  })

  it('packages AppImage, deb and rpm for x64 and arm64 on Linux, dmg on macOS (hardened, notarised when credentials exist), NSIS on Windows', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb', 'rpm'].map((target) => ({ target, arch: ['x64', 'arm64'] })))
    expect(config.mac.target.map((target) => target.target)).toEqual(['dmg', 'zip'])
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: true })
    expect(existsSync(config.mac.entitlements)).toBe(true)
    expect(config.win.target.map((target) => target.target)).toEqual(['nsis'])
    expect(config).toMatchObject({ appId: 'dev.switchboard.app', productName: 'Switchboard', asar: true })
  })

  it('builds the zip electron-updater updates macOS from beside every dmg (else ERR_UPDATER_ZIP_FILE_NOT_FOUND)', () => {
    const archs = (name: string) => (config.mac.target as Array<{ target: string; arch: string[] }>).find((target) => target.target === name)?.arch
    expect(archs('zip')).toEqual(archs('dmg'))
  })

  it('lets an MCP App the person allowed use camera, microphone and location under the hardened runtime, with the reasons macOS shows', () => {
    const entitlements = readFileSync(config.mac.entitlements, 'utf8')
    for (const key of ['com.apple.security.cs.allow-jit', 'com.apple.security.device.camera', 'com.apple.security.device.audio-input', 'com.apple.security.personal-information.location']) {
      expect(entitlements).toMatch(new RegExp(`<key>${key.replaceAll('.', '\\.')}</key>\\s*<true/>`))
    }
    const info = (config.mac as { extendInfo?: Record<string, string> }).extendInfo ?? {}
    for (const key of ['NSCameraUsageDescription', 'NSMicrophoneUsageDescription', 'NSLocationWhenInUseUsageDescription']) expect(info[key]).toBeTruthy()
  })

  it("gives the packaged app on Windows the installer's appId as its AppUserModelId (else no toasts, and a separate pinned icon)", () => {
    expect(APP_USER_MODEL_ID).toBe(config.appId)
  })

  it('ships the electron-vite build, flips the fuses after packing, and points at icons that exist', () => {
    expect(config.files).toContain('out/**/*')
    expect(existsSync(config.afterPack)).toBe(true)
    const resources = config.directories.buildResources
    expect(existsSync(join(resources, config.mac.icon))).toBe(true)
    expect(existsSync(join(resources, config.win.icon))).toBe(true)
    expect(existsSync(join(resources, config.linux.icon, '512x512.png'))).toBe(true)
  })
})
