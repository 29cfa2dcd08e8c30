/**
 * Which protocol revision each extension's server speaks, remembered between starts (spec
 * 2026-07-28: "cache the era verdict per stdio process / per HTTP origin"). With a verdict at hand
 * the connection skips the `server/discover` probe: a 2026-07-28 server is adopted with zero round
 * trips, a 2025-11-25 one goes straight to `initialize`.
 *
 * A verdict belongs to the config it was found with (command, arguments, folder or address and
 * header names): a changed config probes again. Verdicts expire after a day, so a server upgraded
 * in place is noticed (a stale legacy verdict would otherwise silently stay legacy). A stale modern
 * verdict fails loudly at connect; the connection then forgets it and probes.
 *
 * Persistence is optional (`<dataDir>/protocol-revisions.json` in the app); without it verdicts
 * last as long as the process.
 */
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import type { PriorDiscovery } from '@modelcontextprotocol/client'
import { z } from 'zod'
import { writeFileAtomic } from '../../storage/atomicFile'
import { readJsonFile } from '../../storage/jsonFile'
import type { ExtensionConfig } from '../config/extensionConfig'

/** How long a verdict is trusted before the next start probes again. */
export const REVISION_VERDICT_TTL_MS = 24 * 60 * 60 * 1000

const VerdictSchema = z.object({
  fingerprint: z.string(),
  at: z.number(),
  // The discover result is the server's own JSON; the SDK validates it when it adopts it.
  verdict: z.union([z.object({ kind: z.literal('legacy') }), z.object({ kind: z.literal('modern'), discover: z.looseObject({}) })]),
})
export const RevisionFileSchema = z.object({ version: z.literal(1), verdicts: z.record(z.string(), VerdictSchema) })
export type RevisionFile = z.infer<typeof RevisionFileSchema>
type Entry = z.infer<typeof VerdictSchema>

export interface RevisionStorage {
  load(): RevisionFile | undefined
  save(file: RevisionFile): void
}

/** What identifies "the same server" for a verdict; no secret values (header values are references or literals the config already holds). */
export function revisionFingerprint(config: ExtensionConfig): string | undefined {
  switch (config.type) {
    case 'stdio':
      return hash({ command: config.command, args: config.args, cwd: config.cwd ?? null })
    case 'streamable-http':
      return hash({ url: config.url, headers: Object.keys(config.headers ?? {}).sort() })
    default:
      // SSE speaks only 2025-11-25; builtins and the window are in-process 2025-11-25 sessions.
      return undefined
  }
}

function hash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32)
}

export class RevisionCache {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly storage?: RevisionStorage,
    private readonly now: () => number = Date.now,
  ) {
    for (const [id, entry] of Object.entries(storage?.load()?.verdicts ?? {})) this.entries.set(id, entry)
  }

  /** The verdict to connect with, if a fresh one exists for this exact config. */
  prior(id: string, config: ExtensionConfig): PriorDiscovery | undefined {
    const entry = this.entries.get(id)
    if (!entry || entry.fingerprint !== revisionFingerprint(config)) return undefined
    if (this.now() - entry.at > REVISION_VERDICT_TTL_MS) return undefined
    return entry.verdict.kind === 'modern' ? { kind: 'modern', discover: entry.verdict.discover as Extract<PriorDiscovery, { kind: 'modern' }>['discover'] } : { kind: 'legacy' }
  }

  remember(id: string, config: ExtensionConfig, verdict: PriorDiscovery): void {
    const fingerprint = revisionFingerprint(config)
    if (!fingerprint) return
    const previous = this.entries.get(id)
    const entry: Entry = { fingerprint, at: this.now(), verdict: verdict.kind === 'modern' ? { kind: 'modern', discover: { ...verdict.discover } } : { kind: 'legacy' } }
    // Re-adopting the same fresh verdict writes nothing.
    if (previous && previous.fingerprint === fingerprint && JSON.stringify(previous.verdict) === JSON.stringify(entry.verdict) && this.now() - previous.at < REVISION_VERDICT_TTL_MS / 2) return
    this.entries.set(id, entry)
    this.persist()
  }

  forget(id: string): void {
    if (this.entries.delete(id)) this.persist()
  }

  private persist(): void {
    this.storage?.save({ version: 1, verdicts: Object.fromEntries(this.entries) })
  }
}

/**
 * The verdicts kept in `<dataDir>/protocol-revisions.json`. A damaged file is moved aside and
 * every server is simply asked again (nothing is lost: verdicts are only a shortcut).
 */
export function revisionFileStorage(dataDir: string): RevisionStorage {
  const path = join(dataDir, 'protocol-revisions.json')
  let writing: Promise<void> = Promise.resolve()
  return {
    load() {
      const read = readJsonFile(path, RevisionFileSchema)
      return read.kind === 'ok' ? read.value : undefined
    },
    save(file) {
      const text = JSON.stringify(file, null, 2)
      writing = writing.catch(() => undefined).then(() => writeFileAtomic(path, text))
      writing.catch(() => undefined)
    },
  }
}
