/**
 * `<dataDir>/extensions.json`: the installed extensions and the launches the person approved or denied.
 * Written atomically; a damaged file is moved aside (never deleted) and a single bad entry is
 * dropped with a notice instead of losing the others.
 */
import { join } from 'node:path'
import { z } from 'zod'
import { parseExtensionConfig, type ExtensionConfig } from '../../extensions'
import { writeFileAtomic } from '../../storage/atomicFile'
import { readJsonFile } from '../../storage/jsonFile'

const FileSchema = z.object({
  version: z.literal(1),
  extensions: z.array(z.unknown()),
  /** Extension id → fingerprint of the launch the person approved (launchReview.ts). */
  approvedLaunches: z.record(z.string(), z.string()).default({}),
  /** Extension id → fingerprint of the launch the person denied (it stays off and says so after a restart). */
  deniedLaunches: z.record(z.string(), z.string()).default({}),
  /** Extension id → whether its sampling requests run without asking, or never run. Absent = ask. */
  samplingPolicies: z.record(z.string(), z.enum(['always', 'never'])).default({}),
  /** Extension id → the person's *Brings outside content* choice (issue 37); absent = the default (remote extensions yes, others no). */
  outsideContent: z.record(z.string(), z.boolean()).optional(),
  /** Ids of the default extensions this data folder was given once (defaultExtensions.ts); absent in files older than the list. */
  defaultsOffered: z.array(z.string()).optional(),
})

export interface ExtensionsFileContent {
  extensions: ExtensionConfig[]
  approvedLaunches: Record<string, string>
  deniedLaunches: Record<string, string>
  samplingPolicies: Record<string, 'always' | 'never'>
  outsideContent?: Record<string, boolean>
  defaultsOffered?: string[]
}

export interface ExtensionsFile {
  /** `firstRun` when there is no file yet (a new data folder). */
  read(): { content: ExtensionsFileContent; notices: string[]; firstRun: boolean }
  write(content: ExtensionsFileContent): Promise<void>
}

export function extensionsFile(dataDir: string): ExtensionsFile {
  const path = join(dataDir, 'extensions.json')
  let writing: Promise<void> = Promise.resolve()
  return {
    read() {
      const empty = { extensions: [], approvedLaunches: {}, deniedLaunches: {}, samplingPolicies: {} }
      const read = readJsonFile(path, FileSchema)
      if (read.kind === 'missing') return { content: empty, notices: [], firstRun: true }
      if (read.kind === 'damaged') {
        return {
          content: empty,
          firstRun: false,
          notices: [`The list of extensions could not be read (${read.reason}); it was moved to ${read.movedTo} and no extensions are loaded. Add them again, or repair the file and restart.`],
        }
      }
      const notices: string[] = []
      const extensions: ExtensionConfig[] = []
      for (const entry of read.value.extensions) {
        const result = parseExtensionConfig(entry)
        if (result.ok) extensions.push(result.config)
        else notices.push(`An extension in ${path} was skipped because its settings are invalid: ${result.errors.join(' ')}`)
      }
      const { approvedLaunches, deniedLaunches, samplingPolicies, outsideContent, defaultsOffered } = read.value
      return { content: { extensions, approvedLaunches, deniedLaunches, samplingPolicies, ...(outsideContent ? { outsideContent } : {}), defaultsOffered }, notices, firstRun: false }
    },
    write(content) {
      const text = JSON.stringify({ version: 1, ...content }, null, 2)
      // Chained so that two quick changes are written in order, never interleaved.
      writing = writing.catch(() => undefined).then(() => writeFileAtomic(path, text))
      return writing
    },
  }
}
