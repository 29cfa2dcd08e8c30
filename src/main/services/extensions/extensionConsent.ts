/**
 * Consent before an extension first starts (issue 4 item 7): a stdio extension, or an untrusted HTTP
 * one, starts only after the person approved the exact launch shown in a dialog built from data main
 * sent. Approvals bind to the launch fingerprint; editing the command makes it ask again.
 */
import { randomUUID } from 'node:crypto'
import type { ApprovalDecision, ConsentState, Elicitation } from '../../../shared/hostApi'
import { ApprovalDecisionSchema } from '../../../shared/hostApi'
import type { ExtensionConfig } from '../../extensions'
import type { ElicitationSource } from '../elicitations/elicitationBoard'
import { launchFingerprint, launchSubject, needsConsent } from './launchReview'

interface PendingConsent {
  id: string
  extensionId: string
  extensionName: string
  fingerprint: string
  created: number
  elicitation: Elicitation
}

export interface ConsentOptions {
  /** Fingerprints approved for good (persisted by the caller). */
  approved: Record<string, string>
  /** Fingerprints the person denied (persisted by the caller), so a denial still reads as one after a restart. */
  denied?: Record<string, string>
  /** Called after an approval was given; `remember` for "allow always". */
  onApproved: (extensionId: string, fingerprint: string, remember: boolean) => void
  onDenied: (extensionId: string) => void
  /** The approvals for good or the denials changed: the caller saves approvedLaunches() and deniedLaunches(). */
  onDecisionsChanged?: () => void
}

export interface ExtensionConsent extends ElicitationSource {
  /** The consent state of a config; creates a pending approval when one is needed and missing. */
  require(config: ExtensionConfig): ConsentState
  /** Without creating anything. */
  state(config: ExtensionConfig): ConsentState
  /** Forgets approvals and pending questions of a removed extension. */
  forget(extensionId: string): void
  approvedLaunches(): Record<string, string>
  deniedLaunches(): Record<string, string>
}

export function createExtensionConsent(options: ConsentOptions): ExtensionConsent {
  const approved = new Map(Object.entries(options.approved))
  const approvedOnce = new Map<string, string>()
  const denied = new Map(Object.entries(options.denied ?? {}))
  const pending = new Map<string, PendingConsent>()
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())

  const pendingFor = (extensionId: string) => [...pending.values()].find((item) => item.extensionId === extensionId)

  const state = (config: ExtensionConfig): ConsentState => {
    const fingerprint = launchFingerprint(config)
    if (!needsConsent(config) || fingerprint === undefined) return 'not-needed'
    if (approved.get(config.id) === fingerprint || approvedOnce.get(config.id) === fingerprint) return 'approved'
    if (pendingFor(config.id)?.fingerprint === fingerprint) return 'pending'
    if (denied.get(config.id) === fingerprint) return 'denied'
    // 'pending' only while a question waits: an extension that is off (an "allow once" from an
    // earlier run, a changed command) is asked when it is turned on, not before.
    return 'not-asked'
  }

  const ask = (config: ExtensionConfig, fingerprint: string) => {
    const stale = pendingFor(config.id)
    if (stale?.fingerprint === fingerprint) return
    if (stale) pending.delete(stale.id)
    const subject = launchSubject(config)
    if (!subject) return
    const id = randomUUID()
    const created = Date.now()
    const what = subject.extensionType === 'stdio' ? 'run this program on your computer' : 'connect to this server'
    pending.set(id, {
      id,
      extensionId: config.id,
      extensionName: config.name,
      fingerprint,
      created,
      elicitation: {
        kind: 'approval',
        id,
        created,
        origin: { extensionId: config.id, extensionName: config.name, caller: { kind: 'extension', name: config.name } },
        message: `The extension "${config.name}" wants to ${what}. Start it only if you trust where it comes from.`,
        subject,
        decisions: ['allow_always', 'allow_once', 'deny'],
      },
    })
    changed()
  }

  return {
    require(config) {
      const current = state(config)
      const fingerprint = launchFingerprint(config)
      if (fingerprint !== undefined && (current === 'pending' || current === 'denied' || current === 'not-asked')) {
        // Turning a denied extension on asks again; the denial no longer stands.
        if (denied.delete(config.id)) options.onDecisionsChanged?.()
        ask(config, fingerprint)
        return 'pending'
      }
      return current
    },
    state,
    forget(extensionId) {
      approved.delete(extensionId)
      approvedOnce.delete(extensionId)
      denied.delete(extensionId)
      const item = pendingFor(extensionId)
      if (item) pending.delete(item.id)
      changed()
    },
    approvedLaunches: () => Object.fromEntries(approved),
    deniedLaunches: () => Object.fromEntries(denied),
    list: () => [...pending.values()].map((item) => item.elicitation),
    respond(id, action, content) {
      const item = pending.get(id)
      if (!item) return false
      let decision: ApprovalDecision = 'deny'
      if (action === 'accept') {
        const parsed = ApprovalDecisionSchema.safeParse(content?.decision)
        if (!parsed.success) throw new Error('Answer an approval with content {"decision": "allow_once" | "allow_always" | "deny"}.')
        decision = parsed.data
      }
      pending.delete(id)
      if (decision === 'deny') {
        denied.set(item.extensionId, item.fingerprint)
        options.onDecisionsChanged?.()
        options.onDenied(item.extensionId)
      } else {
        if (decision === 'allow_always') approved.set(item.extensionId, item.fingerprint)
        else approvedOnce.set(item.extensionId, item.fingerprint)
        if (decision === 'allow_always') options.onDecisionsChanged?.()
        options.onApproved(item.extensionId, item.fingerprint, decision === 'allow_always')
      }
      changed()
      return true
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
