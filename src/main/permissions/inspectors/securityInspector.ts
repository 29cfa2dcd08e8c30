/**
 * The first inspector: looks at what a call would do, whatever the person's policies say.
 *
 * - Destructive shell commands in the arguments of command-running tools → ask, with findings.
 * - A known secret in the arguments of a call to an extension that does not own it → deny. Not
 *   ask: showing the dialog would put the secret value in front of the renderer, which must never
 *   receive one (docs/security.md), and a person who clicks "allow" out of habit would hand it over.
 * - Any model call made after a tool result that carried instructions for the model (see
 *   injectionMarkers.ts) → ask, until the person writes again (noteUserMessage): from then on the
 *   model acts on the person's words, not only on the result's.
 * - Arguments too large to scan completely → ask: what was not looked at cannot be vouched for.
 * - A tool whose name, title, description or schema hides characters (invisibleText.ts) → ask: an
 *   honest tool has no reason to say something to the model that the person cannot see.
 */
import { argumentStrings, excerptAround, type ArgumentString } from '../rules/argumentStrings'
import { findInjectionMarkers, type InjectionMarker } from '../findings/injectionMarkers'
import type { Inspector } from './inspectorChain'
import { perDefinition } from '../definitionMemo'
import { findSecretLeaks } from '../findings/secretLeaks'
import { findDestructiveCommands, runsCommands } from '../findings/shellPatterns'
import type { Finding, InspectorResult, SecretValue, ToolCallRequest } from '../types'
import { describeInvisible, escapeInvisible, invisibleFields } from '../../../shared/invisibleText'

/** A tool result that carried instructions for the model, remembered per session. */
export interface InjectionTaint {
  /** Which tool returned it, e.g. `web__fetch`; "a tool" when the loop did not say. */
  source: string
  markers: InjectionMarker[]
  excerpt: string
}

export interface SecurityInspectorOptions {
  /** Known secret values with the extension that may receive each; read at every call so new secrets count at once. */
  secretValues: () => readonly SecretValue[]
}

export interface SecurityInspector extends Inspector {
  /** The agent loop reports every tool result's text here; returns the session's taint afterwards (undefined when clean). */
  noteToolResult(sessionId: string, text: string, source?: string): InjectionTaint | undefined
  /** The person wrote a new message: results read before it no longer taint the model's calls. */
  noteUserMessage(sessionId: string): void
  forgetSession(sessionId: string): void
  taintOf(sessionId: string): InjectionTaint | undefined
}

const MAX_SHELL_SCAN = 64 * 1024
const MAX_FINDINGS = 20

/** Destructive-command findings, and whether every string could be scanned in full. */
function commandFindings(call: ToolCallRequest, strings: readonly ArgumentString[]): { findings: Finding[]; complete: boolean } {
  if (!runsCommands(call.tool, call.arguments)) return { findings: [], complete: true }
  const findings: Finding[] = []
  let scannedAll = true
  for (const { pointer, text } of strings) {
    if (text.length > MAX_SHELL_SCAN) scannedAll = false
    const scanned = text.slice(0, MAX_SHELL_SCAN)
    for (const hit of findDestructiveCommands(scanned)) {
      if (findings.length >= MAX_FINDINGS) break
      findings.push({
        kind: 'destructive-command',
        severity: hit.severity,
        argument: pointer || '/',
        excerpt: excerptAround(scanned, hit.index, hit.length),
        message: `The command in ${pointer || '/'} ${hit.message}.`,
      })
    }
  }
  return { findings, complete: scannedAll }
}

/** A finding when the tool's own definition hides characters; the excerpt shows the first such text escaped. Once per definition (definitionMemo.ts). */
const hiddenTextFinding = perDefinition((tool): Finding | undefined => {
  const { name, title, description, inputSchema } = tool
  const fields = invisibleFields({ name, title, description, inputSchema })
  const first = fields[0]
  if (!first) return undefined
  const where = fields.map((field) => field.field).join(', ')
  return {
    kind: 'hidden-text',
    severity: 'high',
    argument: first.field,
    excerpt: escapeInvisible(first.text).slice(0, 300),
    message: `The tool's ${where} contains ${describeInvisible(fields.flatMap((field) => field.runs))}, which people cannot see. Switchboard shows them escaped and removes them before the model reads the text; check what this tool really does.`,
  }
})

/** The security inspector, with the per-session memory of suspicious tool results. */
export function createSecurityInspector(options: SecurityInspectorOptions): SecurityInspector {
  const taints = new Map<string, InjectionTaint>()

  const inspect = (call: ToolCallRequest): InspectorResult => {
    // A hook's payload is the step's (a command the model wants to run, a result with a key in it):
    // the person approved the hook to see exactly that, and no model chose it, so nothing here applies.
    if (call.origin === 'hook') return { verdict: 'allow', reasons: [], findings: [] }
    const { strings, complete } = argumentStrings(call.arguments)
    const leaks = findSecretLeaks(strings, call.extensionId, options.secretValues())
    const commands = commandFindings(call, strings)
    const hidden = hiddenTextFinding(call.tool)
    const findings: Finding[] = [...leaks, ...commands.findings, ...(hidden ? [hidden] : [])]
    const reasons: string[] = []
    if (!complete || !commands.complete) {
      findings.push({
        kind: 'incomplete-scan',
        severity: 'medium',
        message: 'The arguments are too large to check completely for dangerous commands or secrets.',
      })
    }
    const taint = call.origin === 'person' || call.sessionId === undefined ? undefined : taints.get(call.sessionId)
    if (taint) {
      const labels = taint.markers.map((marker) => marker.label).join('; ')
      findings.push({
        kind: 'prompt-injection',
        severity: taint.markers.some((marker) => marker.severity === 'high' || marker.severity === 'critical') ? 'high' : 'medium',
        excerpt: taint.excerpt,
        message: `A result from ${taint.source} contained text aimed at the model (${labels}). This call came after it: check that it is something you asked for.`,
      })
    }
    if (leaks.length > 0) {
      reasons.push(...leaks.map((leak) => leak.message))
      return { verdict: 'deny', cause: 'secret-leak', reasons, findings }
    }
    if (findings.length === 0) return { verdict: 'allow', reasons, findings }
    reasons.push(...findings.map((finding) => finding.message))
    return { verdict: 'ask', cause: taint ? 'prompt-injection' : commands.findings.length > 0 || !hidden ? 'destructive-command' : 'hidden-text', reasons, findings }
  }

  return {
    name: 'security',
    inspect,
    noteToolResult(sessionId, text, source = 'a tool') {
      const markers = findInjectionMarkers(text)
      if (markers.length === 0) return taints.get(sessionId)
      const first = markers.reduce((a, b) => (b.index < a.index ? b : a))
      const taint: InjectionTaint = { source, markers, excerpt: excerptAround(text, first.index, first.length, 40) }
      taints.set(sessionId, taint)
      return taint
    },
    noteUserMessage(sessionId) {
      taints.delete(sessionId)
    },
    forgetSession(sessionId) {
      taints.delete(sessionId)
    },
    taintOf: (sessionId) => taints.get(sessionId),
  }
}
