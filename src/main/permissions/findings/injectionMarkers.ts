/**
 * Text in a tool result that talks to the model instead of the person: "ignore previous
 * instructions", fake chat-template tokens, <IMPORTANT> tags, "don't tell the user", invisible
 * Unicode. A tool result is data; when it carries instructions, whatever the model does next may be
 * the result's author speaking, so the next calls are shown to the person (securityInspector.ts).
 *
 * Patterns use bounded gaps only, so scanning a large, hostile result stays linear.
 */
import type { FindingSeverity } from '../types'

export interface InjectionMarker {
  id: string
  severity: FindingSeverity
  /** What was found, in words for the dialog. */
  label: string
  index: number
  length: number
}

interface MarkerPattern {
  id: string
  severity: FindingSeverity
  label: string
  pattern: RegExp
}

/** Results are capped upstream (F10); this caps the scan again so a huge result costs bounded time. */
export const MAX_SCANNED_RESULT = 512 * 1024

const markers: MarkerPattern[] = [
  {
    id: 'ignore-instructions',
    severity: 'high',
    label: 'asks the model to ignore its instructions',
    pattern: /\b(?:ignore|disregard|forget|override)\s+(?:(?:all|any|the|your|of|these|my)\s+){0,3}(?:previous|prior|above|earlier|preceding|original|system|existing)\s+(?:instructions?|prompts?|messages?|directions?|rules|guidelines|context)\b/i,
  },
  {
    id: 'role-reassignment',
    severity: 'medium',
    label: 'tells the model it is now someone else',
    pattern: /\byou\s+are\s+now\s+(?:a|an|the|my|in|acting|playing|DAN|no\s+longer|free|unrestricted|jailbroken|operating|allowed)\b/i,
  },
  { id: 'system-prompt', severity: 'medium', label: 'mentions the system prompt', pattern: /\b(?:system|developer)\s+(?:prompt|message|instructions)\b/i },
  {
    id: 'chat-template-token',
    severity: 'high',
    label: 'contains chat-template control tokens',
    pattern: /<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id)\|>|\[\/?INST\]|<<\/?SYS>>/i,
  },
  { id: 'role-line', severity: 'medium', label: 'contains a line pretending to be a system or assistant message', pattern: /(?:^|\n)[ \t]*\[?(?:SYSTEM|System|ASSISTANT|Assistant|Developer)\]?[ \t]*:[ \t]*\S/ },
  { id: 'instruction-tag', severity: 'high', label: 'contains tags aimed at the model such as <IMPORTANT>', pattern: /<\/?(?:system|instructions?|important|admin|assistant_instructions|hidden|secret_instructions)>/i },
  {
    id: 'hide-from-user',
    severity: 'high',
    label: 'asks the model to keep something from the user',
    pattern: /\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention|reveal|show|disclose|notify)\s+(?:(?:this|it|anything|about\s+this)\s+)?(?:to\s+)?(?:the\s+)?user\b|\bwithout\s+(?:telling|informing|notifying|asking|alerting)\s+the\s+user\b|\bthe\s+user\s+(?:must|should)\s+not\s+(?:know|see|be\s+told)\b/i,
  },
  { id: 'new-instructions', severity: 'medium', label: 'announces new instructions', pattern: /\b(?:new|updated|additional|real|actual|urgent)\s+instructions?\s*:/i },
  {
    id: 'addressed-to-model',
    severity: 'medium',
    label: 'addresses the AI directly',
    pattern: /\b(?:attention|note\s+to|message\s+to|instructions?\s+for)\s*:?\s*(?:the\s+)?(?:AI|assistant|LLM|language\s+model|agent|model)\b|\b(?:AI|assistant|agent)\s*[,:]\s*(?:you\s+must|ignore|now\s+(?:call|run|send|execute))\b/i,
  },
  { id: 'unicode-tags', severity: 'high', label: 'contains invisible Unicode tag characters (hidden text)', pattern: /[\u{E0000}-\u{E007F}]/u },
  { id: 'bidi-override', severity: 'medium', label: 'contains bidirectional-override characters that hide text order', pattern: /[\u202A-\u202E\u2066-\u2069]/ },
  { id: 'zero-width-run', severity: 'medium', label: 'contains runs of zero-width characters (hidden text)', pattern: /(?:\u200B|\u200C|\u200D|\u2060|\uFEFF){3,}/ },
]

/** Every kind of marker found in `text` (the first occurrence of each). */
export function findInjectionMarkers(text: string): InjectionMarker[] {
  const scanned = text.length > MAX_SCANNED_RESULT ? text.slice(0, MAX_SCANNED_RESULT) : text
  const found: InjectionMarker[] = []
  for (const { id, severity, label, pattern } of markers) {
    const match = pattern.exec(scanned)
    if (match) found.push({ id, severity, label, index: match.index, length: match[0].length })
  }
  return found
}
