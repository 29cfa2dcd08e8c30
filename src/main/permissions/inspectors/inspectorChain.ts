/**
 * The inspector chain: security → repetition → guard → permission. Each inspector gives a verdict with
 * reasons; the chain keeps the strictest so far, so a later inspector can tighten a decision
 * (allow → ask → deny) but never loosen it, whatever it returns. Every inspector runs, even after a
 * deny: the repetition count must see every attempt, and the dialog and logs show every finding.
 */
import type { PinCheck } from '../toolPins'
import type { Decision, InspectorName, InspectorResult, InspectorStep, ToolCallRequest, Verdict } from '../types'
import { stricter } from '../verdict'

/** What the chain works out once per call and hands to every inspector. */
export interface InspectionContext {
  pin: PinCheck
}

/** One link of the chain. */
export interface Inspector {
  readonly name: InspectorName
  inspect(call: ToolCallRequest, context: InspectionContext): InspectorResult
}

/** Runs `inspectors` in order and combines their results into a Decision. */
export function runInspectors(inspectors: readonly Inspector[], call: ToolCallRequest, context: InspectionContext): Decision {
  let verdict: Verdict = 'allow'
  const steps: InspectorStep[] = []
  for (const inspector of inspectors) {
    const result = inspector.inspect(call, context)
    steps.push({ inspector: inspector.name, ...result })
    verdict = stricter(verdict, result.verdict)
  }
  return {
    verdict,
    decidedBy: steps.find((step) => step.verdict === verdict)?.inspector ?? 'permission',
    reasons: steps.filter((step) => step.verdict === verdict).flatMap((step) => step.reasons),
    findings: steps.flatMap((step) => step.findings),
    ...(context.pin.status === 'changed' ? { changed: context.pin.change } : {}),
    definitionHash: context.pin.hash,
    steps,
  }
}
