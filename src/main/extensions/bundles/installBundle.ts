/**
 * Installing a staged bundle: check the settings, build the launch config, move the files to
 * `<extensionsDir>/<name>/<version>/`, store sensitive settings in the keychain, and add (or, for a
 * bundle of the same name, update) the extension. Any failure puts everything back as it was.
 */
import { randomBytes } from 'node:crypto'
import { rename, rm, rmdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { HostToolResult, UserConfigValue } from '../../../shared/hostApi'
import { makePrivateDir } from '../../storage/privateFiles'
import type { BundleRecord, BundleRecords } from './bundleRecords'
import type { BundleExtensions, BundleSecrets } from './bundleTypes'
import { buildLaunch } from './launchConfig'
import { BundleError, type StagedBundle } from './stagedBundles'
import { bundleSecretName, checkUserConfig, type KnownFolders } from './userConfig'


export interface InstallContext {
  extensionsDir: string
  records: BundleRecords
  extensions: BundleExtensions
  secrets: BundleSecrets
  folders: KnownFolders
  platform: NodeJS.Platform
  nodeCommand: string
  newExtensionId: (bundleName: string) => string
}

/** Names and versions become folder names; the manifest schema already limits their characters. */
const folderName = (text: string) => text.replace(/[^A-Za-z0-9._@-]/g, '_')

export async function installBundle(staged: StagedBundle, entered: Record<string, UserConfigValue>, context: InstallContext): Promise<HostToolResult<'extension_install_bundle'>> {
  const { manifest } = staged
  const { secrets, records, extensions } = context
  const existing = records.byName(manifest.name)
  // A record whose extension is gone (removed while the host was down) is a fresh install.
  const installed = existing && extensions.views().some((view) => view.id === existing.extensionId) ? existing : undefined
  const previous = installed?.record
  const checked = checkUserConfig(manifest, entered, context.folders, previous)
  if (checked.errors.length > 0) throw new BundleError(`Some settings need fixing:\n${checked.errors.map((error) => `• ${error}`).join('\n')}`)

  const sensitiveKeys = Object.entries(manifest.user_config).filter(([, option]) => option.sensitive).map(([key]) => key)
  const missingPlain = checked.missing.filter((key) => !manifest.user_config[key]!.sensitive)
  // Missing sensitive values are referenced anyway: the keychain lookup fails (needs-config) until they are set.
  const referencedSecretKeys = [...new Set([...checked.secretKeys, ...checked.missing.filter((key) => manifest.user_config[key]!.sensitive)])]
  const installDir = join(context.extensionsDir, folderName(manifest.name), folderName(manifest.version))
  const launch = buildLaunch(manifest, { installDir, platform: context.platform, folders: context.folders, values: checked.values, secretKeys: referencedSecretKeys, nodeCommand: context.nodeCommand })
  const extensionId = installed?.extensionId ?? context.newExtensionId(manifest.name)
  const config = { id: extensionId, name: manifest.display_name ?? manifest.name, type: 'stdio', command: launch.command, args: launch.args, env: launch.env, cwd: launch.cwd, enabled: true }

  // Same version installed again: the old files step aside until the new ones are in use.
  const aside = `${installDir}.previous-${randomBytes(4).toString('hex')}`
  let movedAside = false
  let movedIn = false
  let recorded = false
  const changedSecrets: { name: string; before: string | undefined }[] = []
  await makePrivateDir(dirname(installDir))
  try {
    movedAside = await rename(installDir, aside).then(
      () => true,
      (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
    )
    await rename(staged.dir, installDir)
    movedIn = true
    for (const [key, value] of Object.entries(checked.secrets)) {
      const name = bundleSecretName(manifest.name, key)
      changedSecrets.push({ name, before: await secrets.get(name) })
      await secrets.set(name, value)
    }
    const record: BundleRecord = {
      name: manifest.name,
      version: manifest.version,
      installDir,
      values: checked.values,
      secretKeys: checked.secretKeys,
      sensitiveKeys,
      declaredKeys: Object.keys(manifest.user_config),
      missing: missingPlain,
    }
    // Recorded before the extension is added, so it cannot start while required settings are missing.
    await records.set(extensionId, record)
    recorded = true
    const extension = installed ? await extensions.update(extensionId, config) : await extensions.add(config)
    await cleanupAfterUpdate(previous, record, installDir, secrets)
    if (movedAside) await rm(aside, { recursive: true, force: true })
    extensions.retryNeedsConfig()
    return { outcome: installed ? 'updated' : 'installed', extension, missing: checked.missing.map((key) => manifest.user_config[key]!.title) }
  } catch (error) {
    if (recorded) await (previous ? records.set(extensionId, previous) : records.delete(extensionId)).catch(() => undefined)
    for (const { name, before } of changedSecrets.reverse()) {
      await (before === undefined ? secrets.delete(name) : secrets.set(name, before)).catch(() => undefined)
    }
    // The files go back to staging, so the person can fix a setting and press Install again.
    if (movedIn) await rename(installDir, staged.dir).catch(() => rm(installDir, { recursive: true, force: true }))
    if (movedAside) await rename(aside, installDir).catch(() => undefined)
    throw error
  }
}

/** After an update: the old version's folder and the keychain entries of settings the new version dropped. */
async function cleanupAfterUpdate(previous: BundleRecord | undefined, next: BundleRecord, installDir: string, secrets: BundleSecrets): Promise<void> {
  if (!previous) return
  if (previous.installDir !== installDir) await rm(previous.installDir, { recursive: true, force: true })
  for (const key of previous.sensitiveKeys) if (!next.sensitiveKeys.includes(key)) await secrets.delete(bundleSecretName(previous.name, key))
}

/** Uninstall: the version folder (and the bundle's folder once empty) and every keychain entry it may have created. */
export async function removeInstall(record: BundleRecord, extensionsDir: string, secrets: BundleSecrets): Promise<void> {
  for (const key of record.sensitiveKeys) await secrets.delete(bundleSecretName(record.name, key))
  await rm(record.installDir, { recursive: true, force: true })
  const bundleDir = dirname(record.installDir)
  if (dirname(bundleDir) === extensionsDir) await rmdir(bundleDir).catch(() => undefined)
}
