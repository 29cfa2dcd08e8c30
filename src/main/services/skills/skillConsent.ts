/**
 * What the person decided about skills, in `skills.json`: which skills they consented to (for a
 * server's skill, bound to the `{uri, digest}` set they saw — a changed set voids it), and where each
 * is on or off: globally, per session, per agent. A `"dynamic"` skill has no set to bind to, so its
 * decisions live in memory only and end with the app (SEP-2640: never a persisted approval).
 */
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../../storage/atomicFile'
import { readJsonFile } from '../../storage/jsonFile'

const Choices = z.record(z.string(), z.boolean())
const FileSchema = z.object({
  version: z.literal(1),
  /** key → the set approved (undefined for a local skill: consent is per folder, not per version). */
  consent: z.record(z.string(), z.object({ set: z.string().optional() })),
  global: Choices,
  sessions: z.record(z.string(), Choices),
  agents: z.record(z.string(), Choices),
})
type Decisions = z.infer<typeof FileSchema>

const empty = (): Decisions => ({ version: 1, consent: {}, global: {}, sessions: {}, agents: {} })

/** A skill's key above the extension manager: (extension, SKILL.md URI). */
export const skillKey = (extensionId: string, uri: string): string => `${extensionId}\n${uri}`

/** The fingerprint of a manifest: every `{uri, digest}` pair, order-free. */
export function manifestSet(resources: readonly { uri: string; digest: string }[]): string {
  const pairs = resources.map((resource) => `${resource.uri} ${resource.digest}`).sort()
  return createHash('sha256').update(pairs.join('\n')).digest('hex')
}

export type Scope = 'global' | 'session' | 'agent'

export interface SkillConsent {
  /** Whether consent holds for this content (`set` undefined: a local skill). */
  consented(key: string, set: string | undefined, dynamic: boolean): boolean
  /** Consent was given once but for other content: the skill changed. */
  changed(key: string, set: string | undefined): boolean
  consent(key: string, set: string | undefined, dynamic: boolean): void
  choice(scope: Scope, id: string | undefined, key: string, dynamic: boolean): boolean | undefined
  choices(scope: 'session' | 'agent', key: string, dynamic: boolean): Record<string, boolean>
  setChoice(scope: Scope, id: string | undefined, key: string, value: boolean | null, dynamic: boolean): void
  /** Forgets everything about a skill (it was removed). */
  forget(key: string): void
  save(): Promise<void>
  notices: string[]
}

export function openSkillConsent(dataDir: string): SkillConsent {
  const path = join(dataDir, 'skills.json')
  const read = readJsonFile(path, FileSchema)
  const notices: string[] = []
  let kept: Decisions = empty()
  if (read.kind === 'ok') kept = read.value
  else if (read.kind === 'damaged') notices.push(`Your skill choices (skills.json) could not be read and were set aside; found skills are off until you turn them on again.`)
  const memory = empty()
  const of = (dynamic: boolean) => (dynamic ? memory : kept)
  const table = (decisions: Decisions, scope: Scope, id: string | undefined): Record<string, boolean> | undefined => {
    if (scope === 'global') return decisions.global
    const tables = scope === 'session' ? decisions.sessions : decisions.agents
    if (id === undefined) throw new Error(`Give the id of the ${scope} to choose for.`)
    return tables[id]
  }
  return {
    notices,
    consented: (key, set, dynamic) => {
      const given = of(dynamic).consent[key]
      return given !== undefined && given.set === set
    },
    changed: (key, set) => {
      const given = kept.consent[key]
      return given !== undefined && given.set !== set
    },
    consent: (key, set, dynamic) => {
      of(dynamic).consent[key] = set === undefined ? {} : { set }
    },
    choice: (scope, id, key, dynamic) => table(of(dynamic), scope, id)?.[key],
    choices: (scope, key, dynamic) => {
      const tables = scope === 'session' ? of(dynamic).sessions : of(dynamic).agents
      return Object.fromEntries(Object.entries(tables).flatMap(([id, choices]) => (choices[key] === undefined ? [] : [[id, choices[key]]])))
    },
    setChoice: (scope, id, key, value, dynamic) => {
      const decisions = of(dynamic)
      let choices = table(decisions, scope, id)
      if (!choices) {
        choices = {}
        ;(scope === 'session' ? decisions.sessions : decisions.agents)[id!] = choices
      }
      if (value === null) delete choices[key]
      else choices[key] = value
    },
    forget: (key) => {
      for (const decisions of [kept, memory]) {
        delete decisions.consent[key]
        delete decisions.global[key]
        for (const choices of [...Object.values(decisions.sessions), ...Object.values(decisions.agents)]) delete choices[key]
      }
    },
    save: () => writeFileAtomic(path, JSON.stringify(kept, null, 2)),
  }
}
