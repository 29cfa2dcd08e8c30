/**
 * What Switchboard remembers about each installed bundle, by extension id, in
 * `<dataDir>/extensions/bundles.json`: the bundle's name and version, where it is installed, the
 * non-sensitive settings (to keep on update) and which sensitive settings are in the keychain (to
 * remove on uninstall). Never any secret value.
 */
import { join } from 'node:path'
import { z } from 'zod'
import { UserConfigValueSchema } from '../../../shared/bundleApi'
import { log } from '../../log/log'
import { writeFileAtomic } from '../../storage/atomicFile'
import { readJsonFile } from '../../storage/jsonFile'

export const BundleRecordSchema = z.object({
  name: z.string(),
  version: z.string(),
  installDir: z.string(),
  values: z.record(z.string(), UserConfigValueSchema),
  secretKeys: z.array(z.string()),
  /** Every sensitive key the bundle declares: uninstall removes each one's keychain entry, set by the form or later by hand. */
  sensitiveKeys: z.array(z.string()),
  declaredKeys: z.array(z.string()),
  /** Required non-sensitive settings still missing: the extension waits in needs-config. */
  missing: z.array(z.string()),
})
export type BundleRecord = z.infer<typeof BundleRecordSchema>

const FileSchema = z.object({ bundles: z.record(z.string(), BundleRecordSchema) })

export interface BundleRecords {
  get(extensionId: string): BundleRecord | undefined
  /** The extension installed from a bundle of this name. */
  byName(name: string): { extensionId: string; record: BundleRecord } | undefined
  set(extensionId: string, record: BundleRecord): Promise<void>
  delete(extensionId: string): Promise<void>
}

export function openBundleRecords(extensionsDir: string): BundleRecords {
  const path = join(extensionsDir, 'bundles.json')
  const read = readJsonFile(path, FileSchema)
  if (read.kind === 'damaged') log('warn', 'bundles', `bundles.json was damaged (${read.reason}) and moved to ${read.movedTo ?? '?'}; installed bundles keep running but updates ask for every setting again.`)
  const records = new Map(Object.entries(read.kind === 'ok' ? read.value.bundles : {}))
  let writing: Promise<void> = Promise.resolve()
  const save = () => {
    const text = JSON.stringify({ bundles: Object.fromEntries(records) }, null, 2)
    writing = writing.catch(() => undefined).then(() => writeFileAtomic(path, text))
    return writing
  }
  return {
    get: (id) => records.get(id),
    byName(name) {
      for (const [extensionId, record] of records) if (record.name === name) return { extensionId, record }
      return undefined
    },
    set(id, record) {
      records.set(id, record)
      return save()
    },
    delete(id) {
      if (!records.delete(id)) return Promise.resolve()
      return save()
    },
  }
}
