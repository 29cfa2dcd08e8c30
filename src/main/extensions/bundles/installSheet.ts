/** The install sheet of a staged bundle: what the person sees before deciding. */
import type { InstallSheet } from '../../../shared/bundleApi'
import { readBundleIcon } from './bundleIcon'
import { signatureWarnings } from './signatureWarnings'
import type { BundleRecord } from './bundleRecords'
import type { StagedBundle } from './stagedBundles'
import { formFields, type KnownFolders } from './userConfig'

export interface SheetContext {
  folders: KnownFolders
  compatibilityProblems: string[]
  installed?: { extensionId: string; record: BundleRecord }
}

export async function installSheet(staged: StagedBundle, context: SheetContext): Promise<InstallSheet> {
  const { manifest } = staged
  const icon = await readBundleIcon(staged.dir, manifest.icon)
  const previous = context.installed?.record
  return {
    token: staged.token,
    name: manifest.name,
    displayName: manifest.display_name ?? manifest.name,
    version: manifest.version,
    description: manifest.description,
    longDescription: manifest.long_description,
    author: manifest.author,
    icon: icon.icon,
    homepage: manifest.homepage,
    license: manifest.license,
    keywords: manifest.keywords,
    tools: manifest.tools.map(({ name, description }) => ({ name, description })),
    prompts: manifest.prompts.map(({ name, description }) => ({ name, description })),
    privacyPolicies: manifest.privacy_policies,
    serverType: manifest.server.type,
    signature: staged.signature,
    compatibilityProblems: context.compatibilityProblems,
    userConfig: formFields(manifest, context.folders, previous),
    update: context.installed ? { extensionId: context.installed.extensionId, fromVersion: context.installed.record.version } : undefined,
    warnings: [
      ...(icon.warning ? [icon.warning] : []),
      ...signatureWarnings(staged.signature),
    ],
  }
}
