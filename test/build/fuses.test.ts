/**
 * The Electron fuses of the packages. The Electron binary cannot be downloaded here, so the hook
 * runs on a stand-in file holding a fuse wire laid out as Electron's is (sentinel, version, length,
 * one byte per fuse at Electron's defaults); the real @electron/fuses flips it and reads it back.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { FuseState, FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses'
import type { AfterPackContext } from 'app-builder-lib'
import { Arch } from 'electron-builder'
import { describe, expect, it } from 'vitest'
import afterPack from '../../build/afterPack.mjs'
import { executableFile, fuseConfig } from '../../build/fuses.mjs'
import { tempDir } from '../helpers/tempDir'

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
/** Electron's defaults for the nine V1 fuses: RunAsNode on, cookies unencrypted, NODE_OPTIONS and --inspect on, no asar checks. */
const ELECTRON_DEFAULTS = '101100011'

function standInBinary(): Buffer {
  return Buffer.concat([Buffer.alloc(4096, 0x90), Buffer.from(SENTINEL), Buffer.from([1, ELECTRON_DEFAULTS.length]), Buffer.from(ELECTRON_DEFAULTS), Buffer.alloc(4096, 0x90)])
}

describe('fuseConfig', () => {
  it('turns off running as Node, NODE_OPTIONS and --inspect; turns on cookie encryption, asar integrity and asar-only loading; no extra privileges for file://', () => {
    expect(fuseConfig('linux', 'x64')).toEqual({
      version: FuseVersion.V1,
      resetAdHocDarwinSignature: false,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    })
  })
  it('re-signs ad hoc only on Apple Silicon builds', () => {
    expect(fuseConfig('darwin', 'arm64').resetAdHocDarwinSignature).toBe(true)
    expect(fuseConfig('darwin', 'x64').resetAdHocDarwinSignature).toBe(false)
    expect(fuseConfig('win32', 'arm64').resetAdHocDarwinSignature).toBe(false)
  })
  it('names the binary electron-builder writes on each OS', () => {
    const names = { executableName: 'switchboard', productFilename: 'Switchboard' }
    expect(['linux', 'win32', 'darwin'].map((platform) => executableFile(platform, names))).toEqual(['switchboard', 'Switchboard.exe', 'Switchboard.app'])
  })
})

describe('the afterPack hook', () => {
  it('flips the fuses in the packaged binary and leaves the rest of the file alone', async () => {
    const dir = await tempDir('switchboard-fuses-')
    try {
      const binary = join(dir.path, 'switchboard')
      const before = standInBinary()
      await writeFile(binary, before)
      const context = { appOutDir: dir.path, electronPlatformName: 'linux', arch: Arch.x64, packager: { executableName: 'switchboard', appInfo: { productFilename: 'Switchboard' } } }
      await afterPack(context as unknown as AfterPackContext) // only the fields the hook reads; electron-builder cannot run here

      const wire = await getCurrentFuseWire(binary)
      expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE)
      expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE)
      expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE)
      expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE)
      expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE)
      expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE)
      // On in Electron by default; nothing of ours is a file:// page.
      expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.DISABLE)
      const after = await readFile(binary)
      expect(after.length).toBe(before.length)
      expect(after.subarray(0, 4096)).toEqual(before.subarray(0, 4096))
    } finally {
      await dir.remove()
    }
  })
})
