/** Words for extensions: their type, their state, and how many tools they bring. */
import type { ExtensionType, ExtensionView } from '../../../shared/hostApi'

export const typeLabels: Record<ExtensionType, string> = {
  stdio: 'Local program',
  'streamable-http': 'Streamable HTTP',
  sse: 'SSE',
  builtin: 'Built in',
  frontend: 'Window tools',
}

export type Tone = 'green' | 'blue' | 'red' | 'amber' | 'gray'

/** The badge of an extension: its status, or the approval it waits for. */
export function stateBadge(extension: Pick<ExtensionView, 'status' | 'consent' | 'enabled'>): { label: string; tone: Tone; busy?: boolean } {
  if (extension.consent === 'pending' && extension.status !== 'ready') return { label: 'Awaiting approval', tone: 'amber' }
  if (extension.consent === 'denied' && extension.status !== 'ready') return { label: 'Not approved', tone: 'gray' }
  switch (extension.status) {
    case 'ready':
      return { label: 'Ready', tone: 'green' }
    case 'starting':
      return { label: 'Starting', tone: 'blue', busy: true }
    case 'error':
      return { label: 'Error', tone: 'red' }
    case 'needs-config':
      return { label: 'Needs setup', tone: 'amber' }
    case 'needs-sign-in':
      return { label: 'Needs sign-in', tone: 'amber' }
    case 'disabled':
      return { label: 'Disabled', tone: 'gray' }
  }
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}

/** The tool list's total: "All 11 definitions", but "The one definition" rather than "All 1 definition". */
export function allDefinitions(count: number): string {
  return count === 1 ? 'The one definition' : `All ${count} definitions`
}

/** "11 tools", or "3 of 40 tools on" when some are switched off on the extension's page. */
export function toolsText(toolCount: number, toolsOff: number): string {
  return toolsOff > 0 ? `${toolCount} of ${toolCount + toolsOff} tools on` : plural(toolCount, 'tool')
}

/** "11 tools · 7 resources · 3 prompts", leaving out what is zero except tools. */
export function countsText({ toolCount, toolsOff, resourceCount, promptCount }: Pick<ExtensionView, 'toolCount' | 'toolsOff' | 'resourceCount' | 'promptCount'>): string {
  return [toolsText(toolCount, toolsOff), resourceCount > 0 ? plural(resourceCount, 'resource') : '', promptCount > 0 ? plural(promptCount, 'prompt') : '']
    .filter(Boolean)
    .join(' · ')
}

/** A line under the name saying what the person should know about the state, if anything. */
export function consentNote(extension: Pick<ExtensionView, 'consent' | 'type'>): string | undefined {
  if (extension.consent === 'pending') {
    return extension.type === 'stdio'
      ? 'Waiting for you to approve what it runs; it stays off until you do.'
      : 'Waiting for you to approve where it connects; it stays off until you do.'
  }
  if (extension.consent === 'denied') {
    return extension.type === 'stdio'
      ? 'You denied starting this program. Turn it on to be asked again, or remove it.'
      : 'You denied connecting to this server. Turn it on to be asked again, or remove it.'
  }
  return undefined
}

/** How a tool switched off differs from the "Never" permission, in the words the tool list uses. */
export const OFF_VS_NEVER =
  'Off: models, connected apps and hooks never see or call the tool, and its definition costs no tokens; only this extension’s own Apps may still use it. The “Never” permission instead keeps the tool offered and refuses each call.'

/** What trust changes, in the words the add form and the details page share. */
export const trustText = {
  trusted: 'Trusted: its tools’ own hints (such as “read-only”) count when Switchboard decides what needs your approval.',
  untrusted: 'Not trusted: its tools’ hints are ignored, so its calls are treated as if they could change things.',
} as const
