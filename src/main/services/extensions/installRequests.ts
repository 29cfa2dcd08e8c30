/**
 * Install links handed to the app from outside (the OS protocol handler in Electron), waiting for
 * the window to show them: the `switchboard://install-requests` resource. A request only fills in
 * the Install link tab; nothing here reads the config or starts anything — installing goes through
 * `extension_import {link}` and the consent dialog like any other import.
 */
import { randomUUID } from 'node:crypto'
import { MAX_PENDING_INSTALL_REQUESTS, type InstallRequest } from '../../../shared/hostApi'
import { MAX_INSTALL_LINK_LENGTH } from '../../extensions/importers/installLink'

export interface InstallRequests {
  /** Queues a link; undefined when it is not an install link (anything else the OS passes is ignored). */
  add(link: string): InstallRequest | undefined
  list(): InstallRequest[]
  /** True when the request was pending. */
  dismiss(id: string): boolean
  onChange(listener: () => void): () => void
}

/**
 * The link when `text` is a `switchboard://install?config=…` link of acceptable size, else undefined.
 * Only the outline is checked here (scheme, host, path, exactly one non-empty `config`); the config
 * itself is decoded and checked by the install-link preview, which names what is wrong with it.
 */
export function installLinkShape(text: string): string | undefined {
  const link = text.trim()
  if (link.length === 0 || link.length > MAX_INSTALL_LINK_LENGTH) return undefined
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return undefined
  }
  if (url.protocol !== 'switchboard:' || url.hostname !== 'install' || (url.pathname !== '' && url.pathname !== '/')) return undefined
  if (url.username !== '' || url.password !== '' || url.port !== '' || url.hash !== '') return undefined
  const pairs = url.search.replace(/^\?/, '').split('&')
  if (pairs.length !== 1 || !pairs[0]!.startsWith('config=') || pairs[0]!.length === 'config='.length) return undefined
  return link
}

export function createInstallRequests(now: () => Date = () => new Date()): InstallRequests {
  let requests: InstallRequest[] = []
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())
  return {
    add(text) {
      const link = installLinkShape(text)
      if (link === undefined) return undefined
      // The same link clicked twice is one request, moved to the end (the newest is the one shown).
      const request: InstallRequest = { id: randomUUID(), link, received: now().toISOString() }
      requests = [...requests.filter((pending) => pending.link !== link), request].slice(-MAX_PENDING_INSTALL_REQUESTS)
      changed()
      return request
    },
    list: () => [...requests],
    dismiss(id) {
      const before = requests.length
      requests = requests.filter((request) => request.id !== id)
      if (requests.length === before) return false
      changed()
      return true
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
