/**
 * The hooks the person set up, in run order, in `<dataDir>/hooks.json` (0600, written atomically
 * after every change). A damaged file is moved aside, never deleted, and the app starts with no
 * hooks and a notice saying where the old file went.
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import { HookSchema, OBSERVE_ONLY_PREFIX, type Hook, type HookInput } from '../../shared/hooksApi'
import { writeFileAtomic } from '../storage/atomicFile'
import { readJsonFile } from '../storage/jsonFile'
import { makePrivateDir } from '../storage/privateFiles'

export const HOOKS_FILE_NAME = 'hooks.json'

const HooksFileSchema = z.object({ version: z.literal(1), hooks: z.array(HookSchema) })

export interface HookStore {
  readonly path: string
  /** In the order they run. */
  list(): readonly Hook[]
  get(id: string): Hook | undefined
  /** Adds or replaces (by id) a hook; `approvedTarget` is what the person approved for it, if anything. */
  save(input: HookInput, approvedTarget: string | undefined): Promise<Hook>
  remove(id: string): Promise<boolean>
  /** Notices from loading (a damaged file moved aside), handed out once. */
  takeNotices(): { message: string; movedTo?: string }[]
  onChange(listener: () => void): () => void
}

/** `!mutate:name` → observe-only `name`, as nanobot writes it. */
export function parseTarget(target: string): { target: string; observeOnly: boolean } {
  const trimmed = target.trim()
  return trimmed.startsWith(OBSERVE_ONLY_PREFIX) ? { target: trimmed.slice(OBSERVE_ONLY_PREFIX.length).trim(), observeOnly: true } : { target: trimmed, observeOnly: false }
}

export async function openHookStore(dataDir: string): Promise<HookStore> {
  await makePrivateDir(dataDir)
  const path = join(dataDir, HOOKS_FILE_NAME)
  const read = readJsonFile(path, HooksFileSchema)
  let hooks: Hook[] = read.kind === 'ok' ? read.value.hooks : []
  let notices = read.kind === 'damaged' ? [{ message: `The hooks file could not be read (${read.reason}); Switchboard started without hooks. The old file was kept.`, movedTo: read.movedTo }] : []
  const listeners = new Set<() => void>()
  let writing = Promise.resolve()
  const persist = async () => {
    const text = JSON.stringify({ version: 1, hooks }, null, 2)
    writing = writing.then(() => writeFileAtomic(path, text))
    await writing
    listeners.forEach((listener) => listener())
  }

  return {
    path,
    list: () => hooks,
    get: (id) => hooks.find((hook) => hook.id === id),
    async save(input, approvedTarget) {
      const previous = input.id === undefined ? undefined : hooks.find((hook) => hook.id === input.id)
      // A hook runs a tool or a command; a change that names neither keeps what it ran.
      const parsed = input.target !== undefined ? parseTarget(input.target) : undefined
      const command = input.command ? { ...input.command, source: input.command.source ?? previous?.command?.source ?? 'pasted' } : parsed ? undefined : previous?.command
      const target = parsed?.target ?? (command ? undefined : previous?.target)
      if (target === undefined && command === undefined) throw new Error('A hook needs a tool to call (target) or a command to run.')
      const hook = HookSchema.parse({
        ...previous,
        id: input.id ?? randomUUID(),
        name: input.name,
        event: input.event,
        target,
        command,
        observeOnly: input.observeOnly ?? parsed?.observeOnly ?? previous?.observeOnly ?? false,
        match: input.match ?? previous?.match ?? {},
        enabled: input.enabled ?? previous?.enabled ?? true,
        timeoutMs: input.timeoutMs ?? previous?.timeoutMs,
        approvedTarget,
      })
      const others = hooks.filter((existing) => existing.id !== hook.id)
      const at = input.position ?? (previous ? hooks.indexOf(previous) : others.length)
      hooks = [...others.slice(0, at), hook, ...others.slice(at)]
      await persist()
      return hook
    },
    async remove(id) {
      if (!hooks.some((hook) => hook.id === id)) return false
      hooks = hooks.filter((hook) => hook.id !== id)
      await persist()
      return true
    },
    takeNotices() {
      const taken = notices
      notices = []
      return taken
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
