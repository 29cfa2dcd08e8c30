/**
 * Questions from extensions (`elicitation/create`, form and URL mode), shown in
 * `switchboard://elicitations` and answered with `elicitation_respond`. Main is the authority: the
 * server's schema is checked against the restricted schema before anything is shown, every accepted
 * answer is checked again here (the renderer is untrusted) and completed with the defaults of the
 * fields it left out. A question lives in main, so it survives a reload of the window; it is
 * cancelled when nobody answers in time, and disappears when the server cancels its request.
 */
import { randomUUID } from 'node:crypto'
import { isIP } from 'node:net'
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/server'
import type { Elicitation, FormField } from '../../../shared/hostApi'
import { checkAnswer, parseRequestedSchema } from '../../../shared/elicitationForm'
import type { ElicitationSource } from './elicitationBoard'

/** How long a question waits for the person before the server gets `cancel`. */
export const DEFAULT_QUESTION_TIMEOUT_MS = 10 * 60_000
/** More pending questions than this from one extension are refused (a server must not flood the dialog). */
const MAX_PENDING_PER_EXTENSION = 10

type Params = ElicitRequest['params']

interface PendingQuestion {
  elicitation: Elicitation
  extensionId: string
  /** URL mode: the server's id, which `notifications/elicitation/complete` refers to. */
  elicitationId?: string
  fields?: FormField[]
  finish: (result: ElicitResult) => void
}

export interface QuestionsOptions {
  extensionName: (extensionId: string) => string
  /** Default 10 minutes. */
  timeoutMs?: number
  /** A line in the extension's log (timeouts, completions). */
  note?: (extensionId: string, level: 'info' | 'warn', text: string) => void
}

export interface Questions extends ElicitationSource {
  /** The `elicit` handler the extension manager calls for `elicitation/create`. */
  elicit(extensionId: string, params: Params, signal: AbortSignal): Promise<ElicitResult>
  /** `notifications/elicitation/complete`: the server finished a URL flow. */
  complete(extensionId: string, elicitationId: string): void
}

const refuse = (message: string): never => {
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, message)
}

/** Checks a URL question's link and says what deserves a second look. Only http(s) links are shown, never with credentials. */
export function inspectQuestionUrl(raw: string): { url: string; scheme: string; host: string; warnings: string[] } {
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    return refuse(`Switchboard cannot show this link: "${raw.slice(0, 200)}" is not a valid URL.`)
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') refuse(`Switchboard opens only https links; this one uses "${parsed.protocol}".`)
  // `https://bank.example@evil.example/` reads as bank.example but goes to evil.example.
  if (parsed.username !== '' || parsed.password !== '') refuse('Switchboard does not open links with a user name or password in them.')
  const host = parsed.hostname
  const warnings: string[] = []
  if (parsed.protocol === 'http:') warnings.push('This link is not encrypted (http, not https): others on the network can read and change the page.')
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) warnings.push('The link goes to a bare IP address, not a named site.')
  if (host.split('.').some((label) => label.startsWith('xn--'))) warnings.push('The site name uses international characters that can imitate another site; check it closely.')
  return { url: parsed.href, scheme: parsed.protocol.slice(0, -1), host: parsed.port ? `${host}:${parsed.port}` : host, warnings }
}

export function createQuestions(options: QuestionsOptions): Questions {
  const timeoutMs = options.timeoutMs ?? DEFAULT_QUESTION_TIMEOUT_MS
  const pending = new Map<string, PendingQuestion>()
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())
  const note = (extensionId: string, level: 'info' | 'warn', text: string) => options.note?.(extensionId, level, text)

  return {
    async elicit(extensionId, params, signal) {
      if (signal.aborted) throw new Error('The request was cancelled.')
      if ([...pending.values()].filter((item) => item.extensionId === extensionId).length >= MAX_PENDING_PER_EXTENSION) {
        throw new ProtocolError(ProtocolErrorCode.InvalidRequest, `There are already ${MAX_PENDING_PER_EXTENSION} unanswered questions from this extension; wait for the person to answer them.`)
      }
      const id = randomUUID()
      const created = Date.now()
      const base = {
        id,
        created,
        expiresAt: new Date(created + timeoutMs).toISOString(),
        origin: { extensionId, extensionName: options.extensionName(extensionId) },
        message: params.message,
      }
      let item: Omit<PendingQuestion, 'finish'>
      if (params.mode === 'url') {
        item = { extensionId, elicitationId: params.elicitationId, elicitation: { ...base, kind: 'url', ...inspectQuestionUrl(params.url) } }
      } else {
        const schema = parseRequestedSchema(params.requestedSchema)
        if (!schema.ok) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Switchboard cannot show this form: ${schema.reason}.`)
        item = { extensionId, fields: schema.fields, elicitation: { ...base, kind: 'form', fields: schema.fields } }
      }

      return new Promise<ElicitResult>((resolve, reject) => {
        const end = () => {
          if (!pending.delete(id)) return false
          clearTimeout(timer)
          signal.removeEventListener('abort', onAbort)
          changed()
          return true
        }
        const finish = (result: ElicitResult) => {
          if (end()) resolve(result)
        }
        // The server gave up (notifications/cancelled, or the extension went away): the question goes, nothing is sent.
        const onAbort = () => {
          if (end()) reject(new Error('The extension cancelled its question.'))
        }
        const timer = setTimeout(() => {
          note(extensionId, 'warn', `A question was cancelled because nobody answered it within ${Math.round(timeoutMs / 1000)} s.`)
          finish({ action: 'cancel' })
        }, timeoutMs)
        timer.unref()
        signal.addEventListener('abort', onAbort)
        pending.set(id, { ...item, finish })
        changed()
      })
    },
    complete(extensionId, elicitationId) {
      const waiting = [...pending.values()].find((item) => item.extensionId === extensionId && item.elicitationId === elicitationId)
      // Finished elsewhere before the person chose: the dialog closes without claiming a consent they never gave.
      if (waiting) waiting.finish({ action: 'cancel' })
      note(extensionId, 'info', `The extension reports that the browser step ${elicitationId} is complete.`)
    },
    list: () => [...pending.values()].map((item) => item.elicitation),
    respond(id, action, content) {
      const item = pending.get(id)
      if (!item) return false
      if (action !== 'accept') {
        item.finish({ action })
        return true
      }
      if (!item.fields) {
        item.finish({ action: 'accept' })
        return true
      }
      // Checked again here whatever the window checked; a wrong answer leaves the question open.
      const checked = checkAnswer(item.fields, content ?? {})
      if (!checked.ok) throw new Error(`The answer does not fit the form: ${Object.values(checked.errors).join(' ')}`)
      item.finish({ action: 'accept', content: checked.content })
      return true
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
