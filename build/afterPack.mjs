// electron-builder afterPack hook: flips the fuses of build/fuses.mjs in the packaged Electron
// binary (before signing, which electron-builder does next).
import { join } from 'node:path'
import { flipFuses } from '@electron/fuses'
import { Arch } from 'electron-builder'
import { executableFile, fuseConfig } from './fuses.mjs'

/** @param {import('app-builder-lib').AfterPackContext} context */
export default async function afterPack(context) {
  const { appOutDir, electronPlatformName, packager } = context
  const binary = join(appOutDir, executableFile(electronPlatformName, { executableName: packager.executableName, productFilename: packager.appInfo.productFilename }))
  await flipFuses(binary, fuseConfig(electronPlatformName, Arch[context.arch]))
}
