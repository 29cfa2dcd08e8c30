/**
 * The roots offered to extensions (`roots/list`): the global folders from the settings, plus the
 * folders of every session whose reply is being written right now (a session's own folders add to
 * the global ones; they never replace them). One extension connection serves every session, so a
 * session's folders can only be offered while that session is the one at work. Whenever the
 * offered list changes, every connected extension gets `notifications/roots/list_changed`.
 */
import { basename } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Root } from '@modelcontextprotocol/server'
import type { RootFolder } from '../../shared/hostApi'
import type { SessionIndex } from '../agent/session/sessionIndex'
import type { SettingsStore } from '../settings/settingsStore'

/** What roots need from the chat: which sessions have a reply in flight, and when that may have changed. */
export interface RunningSessions {
  isWriting(sessionId: string): boolean
  onChange(listener: (uri: string) => void): () => void
}

export interface RootsOptions {
  settings: Pick<SettingsStore, 'get' | 'onChange'>
  sessions: Pick<SessionIndex, 'get' | 'onChange'>
  chat: RunningSessions
  /** Sends roots/list_changed to every connected extension. */
  notifyChanged: () => void
}

export interface Roots {
  /** The answer to `roots/list`. */
  list(): Root[]
  stop(): void
}

/** One folder as MCP names it: a file:// URI and a name (the folder's own name unless one was given). */
export function rootOf(folder: RootFolder): Root {
  const path = folder.path.replace(/[\\/]+$/, '') || folder.path
  return { uri: pathToFileURL(path).href, name: folder.name ?? (basename(path) || path) }
}

const PROGRESS_URI = /^switchboard:\/\/sessions\/([^/]+)\/progress$/

export function createRoots(options: RootsOptions): Roots {
  const writing = new Set<string>()
  /**
   * The folder lists the roots are made of, in order: the global ones, then those of each session
   * writing a reply (a few), newest first as in the list — not the whole list at every change of it.
   * The stores replace a list when it changes and keep it otherwise (a committed message only moves
   * a session's count and time), so the same lists by identity mean the same roots.
   */
  const sources = (): (readonly RootFolder[] | undefined)[] => {
    const active = [...writing].flatMap((id) => options.sessions.get(id) ?? []).sort((a, b) => b.updated.localeCompare(a.updated) || a.id.localeCompare(b.id))
    return [options.settings.get().roots, ...active.map((session) => session.roots)]
  }
  const compute = (lists: readonly (readonly RootFolder[] | undefined)[]): Root[] => {
    const seen = new Set<string>()
    return lists.flatMap((list) => list ?? []).map(rootOf).filter((root) => !seen.has(root.uri) && seen.add(root.uri))
  }
  let lastSources = sources()
  let current = compute(lastSources)
  let key = JSON.stringify(current)
  const recheck = () => {
    const now = sources()
    // Nothing the roots are made of changed (the usual case: a message was committed): skip the rebuild.
    if (now.length === lastSources.length && now.every((list, at) => list === lastSources[at])) return
    lastSources = now
    const next = compute(now)
    const nextKey = JSON.stringify(next)
    if (nextKey === key) return
    current = next
    key = nextKey
    options.notifyChanged()
  }

  const detach = [
    options.settings.onChange(recheck),
    options.sessions.onChange(recheck),
    options.chat.onChange((uri) => {
      const match = PROGRESS_URI.exec(uri)
      if (!match?.[1]) return
      const id = decodeURIComponent(match[1])
      const now = options.chat.isWriting(id)
      if (now === writing.has(id)) return
      if (now) writing.add(id)
      else writing.delete(id)
      recheck()
    }),
  ]
  return {
    list: () => current,
    stop: () => detach.forEach((off) => off()),
  }
}
