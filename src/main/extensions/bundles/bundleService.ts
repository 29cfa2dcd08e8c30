/**
 * Installing .mcpb bundles (specs §3): preview (stage + install sheet), install or update (move to
 * `<dataDir>/extensions/<name>/<version>/`, keychain for sensitive settings, the extension added
 * through the extension service so the consent dialog comes before a first start), and cleanup
 * when the extension is removed (its folder and the keychain entries it created).
 */
import { homedir } from 'node:os'
import { join } from 'node:path'
import { INVALID_SIGNATURE_REFUSAL, type HostToolArgs, type HostToolResult, type InstallSheet } from '../../../shared/hostApi'
import { ExtensionIdPattern } from '../../../shared/toolNames'
import { log } from '../../log/log'
import type { ArchiveLimits } from './archiveLimits'
import { openBundleRecords } from './bundleRecords'
import type { BundleExtensions, BundleSecrets, PathPicker } from './bundleTypes'
import { compatibilityProblems, hostEnvironment, type RuntimeEnvironment } from './compatibility'
import { installBundle, removeInstall } from './installBundle'
import { installSheet } from './installSheet'
import { BundleError, createStaging, readBundleFile, type StagedBundle } from './stagedBundles'
import { createUploads } from './uploads'
import { defaultNodeCommand } from './launchConfig'
import { bundleSecretName, type KnownFolders } from './userConfig'

export interface BundleServiceOptions {
  dataDir: string
  extensions: BundleExtensions
  secrets: BundleSecrets
  pickPath?: PathPicker
  environment?: RuntimeEnvironment
  folders?: KnownFolders
  limits?: ArchiveLimits
  nodeCommand?: string
}

export interface BundleService {
  upload(args: HostToolArgs<'bundle_upload'>): Promise<HostToolResult<'bundle_upload'>>
  preview(args: HostToolArgs<'bundle_preview'>): Promise<InstallSheet>
  install(args: HostToolArgs<'extension_install_bundle'>): Promise<HostToolResult<'extension_install_bundle'>>
  pickPath(args: HostToolArgs<'pick_path'>): Promise<HostToolResult<'pick_path'>>
  /** Why a bundle extension cannot start yet (required settings missing), or undefined. */
  pendingProblem(extensionId: string): string | undefined
  /** Whether `name` is the keychain name of one of this bundle extension's sensitive settings. */
  ownsSecret(extensionId: string, name: string): boolean
  /** The extension was removed: delete its install folder and its keychain entries. */
  removed(extensionId: string): Promise<void>
  close(): Promise<void>
}

export const defaultFolders = (): KnownFolders => {
  const home = homedir()
  return { HOME: home, DESKTOP: join(home, 'Desktop'), DOCUMENTS: join(home, 'Documents') }
}

export function createBundleService(options: BundleServiceOptions): BundleService {
  const extensionsDir = join(options.dataDir, 'extensions')
  const records = openBundleRecords(extensionsDir)
  const staging = createStaging(extensionsDir, options.limits)
  const uploads = createUploads(extensionsDir)
  const environment = options.environment ?? hostEnvironment()
  const folders = options.folders ?? defaultFolders()

  const stageFrom = async (source: { path?: string; uploadId?: string }): Promise<StagedBundle> => {
    const file = source.path !== undefined ? await readBundleFile(source.path) : await uploads.take(source.uploadId!)
    return staging.stage(file)
  }
  const sheetOf = async (staged: StagedBundle) =>
    installSheet(staged, { folders, compatibilityProblems: await compatibilityProblems(staged.manifest, environment), installed: records.byName(staged.manifest.name) })

  return {
    upload: ({ uploadId, data }) => uploads.append(uploadId, data),
    async preview(args) {
      return sheetOf(await stageFrom(args))
    },
    async install({ token, userConfig, ...source }) {
      const staged = token !== undefined ? staging.get(token) : await stageFrom(source)
      if (!staged) throw new BundleError('That bundle preview has expired; choose the file again.')
      try {
        if (staged.signature.status === 'invalid') throw new BundleError(`${INVALID_SIGNATURE_REFUSAL} Detail: ${staged.signature.problem}.`)
        const problems = await compatibilityProblems(staged.manifest, environment)
        if (problems.length > 0) throw new BundleError(`This bundle cannot run here:\n${problems.map((problem) => `• ${problem}`).join('\n')}`)
        const result = await installBundle(staged, userConfig ?? {}, {
          extensionsDir,
          records,
          extensions: options.extensions,
          secrets: options.secrets,
          folders,
          platform: environment.platform,
          nodeCommand: options.nodeCommand ?? defaultNodeCommand(),
          newExtensionId: (name) => freeExtensionId(name, new Set(options.extensions.views().map((view) => view.id))),
        })
        staging.release(staged.token)
        return result
      } catch (error) {
        // A staged preview stays for another try (a setting to fix); a bundle read just for this call goes.
        if (token === undefined) await staging.discard(staged.token)
        throw error
      }
    },
    async pickPath(args) {
      if (!options.pickPath) return { unavailable: true as const }
      return options.pickPath(args)
    },
    pendingProblem(extensionId) {
      const record = records.get(extensionId)
      if (!record || record.missing.length === 0) return undefined
      return `Required settings are missing: ${record.missing.join(', ')}. Install the bundle again and fill them in.`
    },
    ownsSecret(extensionId, name) {
      const record = records.get(extensionId)
      return record !== undefined && record.sensitiveKeys.some((key) => bundleSecretName(record.name, key) === name)
    },
    async removed(extensionId) {
      const record = records.get(extensionId)
      if (!record) return
      try {
        await removeInstall(record, extensionsDir, options.secrets)
      } catch (error) {
        log('warn', 'bundles', `Could not remove all files of "${record.name}": ${(error as Error).message}`)
      }
      // The extension is gone already; a record that cannot be saved away only costs a stale entry.
      await records.delete(extensionId).catch((error: Error) => log('warn', 'bundles', `Could not update bundles.json: ${error.message}`))
    },
    async close() {
      await Promise.all([staging.close(), uploads.close()])
    },
  }
}

/** A lower-case slug of the bundle name that no extension uses yet (e.g. "weather", "weather-2"). */
export function freeExtensionId(name: string, taken: Set<string>): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 28)
      .replace(/-+$/, '') || 'bundle'
  for (let index = 1; ; index++) {
    const id = index === 1 ? slug : `${slug}-${index}`
    if (!taken.has(id) && ExtensionIdPattern.test(id)) return id
  }
}
