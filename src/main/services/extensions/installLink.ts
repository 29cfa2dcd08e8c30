/**
 * Install links on the host side: `switchboard://install?config=…` (opened through the app's
 * protocol in Electron, or pasted into the add dialog) becomes the same plan as a pasted config,
 * with one server. Nothing here starts anything: installing goes through `extension_import {link}`,
 * which adds the server disabled until the person approves its launch.
 */
import { planFromRead } from '../../extensions/importers/previewImport'
import { readInstallLink } from '../../extensions/importers/installLink'
import type { ImportPlan } from '../../extensions/importers/importTypes'

/** The plan for an install link: one candidate, or no candidate and the problem with the link. */
export function installLinkPlan(link: string, takenIds: ReadonlySet<string>): ImportPlan {
  const result = readInstallLink(link)
  if (!result.ok) return { preview: { format: 'install-link', servers: [], problems: [result.problem] }, candidates: [] }
  return planFromRead(result.read, { takenIds, what: 'The config in the link' })
}
