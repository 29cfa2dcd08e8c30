/**
 * How the model is told that what it sees was changed by a hook (issue 16 item 4): one line naming
 * each hook, the field and its reason. The same words go into the stored tool result, so the person
 * sees exactly what the model saw.
 */
import type { HookChange } from '../../../shared/hooksApi'

export function hookNote(changes: readonly HookChange[], what: string): string {
  const parts = changes.map((change) => (change.field === 'context' ? `hook "${change.hook}" added context` : `hook "${change.hook}" changed ${change.field}${change.reason ? ` (${change.reason})` : ''}`))
  return `[Note from Switchboard: ${what} was changed before you got it: ${parts.join('; ')}.]`
}

/** The trail as a draft field: absent when nothing changed, so unchanged messages stay as before. */
export function trailField(changes: readonly HookChange[]): { hookChanges?: HookChange[] } {
  return changes.length > 0 ? { hookChanges: [...changes] } : {}
}
