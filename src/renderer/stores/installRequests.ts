/**
 * Install links the OS handed to the app (`switchboard://install-requests`): the newest one not yet
 * opened in this window opens Settings → Extensions → Install link with the link filled in. Opening
 * only fills in a form; the person still checks the link, reviews it and installs (with consent).
 */
import type { InstallRequest } from '../../shared/hostApi'
import { useViewStore } from './viewStore'

/** Requests this window opened already; each is opened once, so a person who looks elsewhere is not pulled back. */
const opened = new Set<string>()

export function openInstallRequests(requests: readonly InstallRequest[]): void {
  const newest = requests.at(-1)
  if (!newest || opened.has(newest.id)) return
  opened.add(newest.id)
  useViewStore.getState().showExtensions({ page: 'add', tab: 'link', link: newest.link, requestId: newest.id })
}
