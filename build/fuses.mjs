// The Electron fuses of every package (flipped into the binary by build/afterPack.mjs). Each one
// closes a way to run the packaged app as something else:
//   RunAsNode off                              ELECTRON_RUN_AS_NODE cannot turn the app into a plain Node.
//   EnableNodeOptionsEnvironmentVariable off   NODE_OPTIONS cannot inject code or flags.
//   EnableNodeCliInspectArguments off          --inspect cannot attach a debugger to main.
//   EnableCookieEncryption on                  cookies on disk are encrypted with the OS-held key.
//   EnableEmbeddedAsarIntegrityValidation on   a modified app.asar is refused (macOS, Windows).
//   OnlyLoadAppFromAsar on                     the app is loaded only from app.asar, never from a folder beside it.
//   GrantFileProtocolExtraPrivileges off       file:// pages get no more than a browser gives them. Nothing needs
//                                              more: the window loads app:// (electron/appProtocol.ts), MCP Apps
//                                              switchboard-app:, and no page of ours is ever a file:// URL.
import { FuseV1Options, FuseVersion } from '@electron/fuses'

/** @type {Readonly<Record<string, boolean>>} */
export const FUSES = Object.freeze({
  RunAsNode: false,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableCookieEncryption: true,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  GrantFileProtocolExtraPrivileges: false,
})

/**
 * The @electron/fuses config for one packaged binary.
 * @param {string} electronPlatformName 'darwin' | 'mas' | 'win32' | 'linux'
 * @param {string} arch electron-builder's arch name ('x64', 'arm64', ...)
 */
export function fuseConfig(electronPlatformName, arch) {
  /** @type {import('@electron/fuses').FuseV1Config} */
  const config = {
    version: FuseVersion.V1,
    // Flipping fuses invalidates the ad-hoc signature Apple Silicon requires; electron-builder signs afterwards
    // when an identity is configured, otherwise the reset signature is what lets the app start at all.
    resetAdHocDarwinSignature: (electronPlatformName === 'darwin' || electronPlatformName === 'mas') && arch === 'arm64',
  }
  for (const [name, value] of Object.entries(FUSES)) {
    const option = FuseV1Options[/** @type {keyof typeof FuseV1Options} */ (name)]
    if (option === undefined) throw new Error(`@electron/fuses has no fuse ${name}`)
    config[option] = value
  }
  return config
}

/** The executable electron-builder wrote for a platform, inside appOutDir. */
export function executableFile(electronPlatformName, { executableName, productFilename }) {
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      return `${productFilename}.app`
    case 'win32':
      return `${productFilename}.exe`
    default:
      return executableName
  }
}
