/**
 * Assisted review and rules that learn (issue 38 item 5): how many questions a fixed 50-call working
 * session puts to the person with assisted review, "Allow for this session" and suggested rules,
 * against the same session without them — and that no call the guard (or any finding, rule, policy,
 * hook or destructive tool) asked about was answered by a rating.
 *
 * The session is a committed script, bench/fixtures/assistedReviewSession.json: which calls, which
 * rating the scripted rater returns for each, what the person answers when asked, which suggestions
 * they accept. So the ratio is a regression figure decided by the script, not a measurement of any
 * model: it moves only when what a rating, a session grant or a suggestion may change moves.
 *
 * Both sides run the real permission service (permissions.json on a temp folder, the inspector chain,
 * the approval broker, session grants and rule suggestions); the rater is the scripted one (the HTTP
 * path to a rating model is covered by test/main/host/assistedReview.test.ts). The simulated person
 * answers a dialog once its rating has arrived (or at once without assisted review).
 * Run: npx tsx bench/assistedReview.ts
 */
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setLogSink } from '../src/main/log/log'
import { openPermissions, reviewExclusion, type CallReviewer, type PermissionService, type ToolCallRequest, type ToolDefinition } from '../src/main/permissions'

setLogSink(() => {}, 'error')

interface ScriptCall {
  tool: string
  arguments: Record<string, unknown>
  rating: 'low' | 'medium' | 'high'
  answer?: 'allow_once' | 'allow_session' | 'deny'
  session?: string
  bringsOutside?: boolean
}
interface Script {
  mode: 'smart' | 'ask'
  tools: Record<string, { extension: string; trust: 'trusted' | 'untrusted'; tool: ToolDefinition }>
  acceptSuggestions: string[]
  calls: ScriptCall[]
}

const script = JSON.parse(readFileSync(new URL('./fixtures/assistedReviewSession.json', import.meta.url), 'utf8')) as Script

interface Result {
  asked: number
  answeredByPerson: number
  autoAllowed: number
  /** Calls a rating answered although something other than the mode asked (must stay 0). */
  excludedAutoAllowed: number
  guardedAutoAllowed: number
  ran: number
  suggestionsAccepted: number
}

async function play(withReview: boolean): Promise<Result> {
  // The figure is a count, not a time: the files go to tmpfs where there is one, so the disk does not make the run slow.
  const dir = await mkdtemp(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'sb-review-bench-'))
  try {
    let ratingOf = new Map<string, ScriptCall['rating']>()
    const reviewer: CallReviewer = {
      current: () => ({ provider: 'scripted', model: 'scripted-rater', autoAllowLow: true }),
      rate: async (call) => ({ risk: ratingOf.get(call.callId) ?? 'high', reason: 'Scripted.' }),
    }
    const permissions: PermissionService = await openPermissions(dir, { homeDir: '/home/bench', secretValues: () => [], ...(withReview ? { reviewer } : {}) })
    await permissions.store.setMode(script.mode)
    const result: Result = { asked: 0, answeredByPerson: 0, autoAllowed: 0, excludedAutoAllowed: 0, guardedAutoAllowed: 0, ran: 0, suggestionsAccepted: 0 }
    const answers = new Map<string, NonNullable<ScriptCall['answer']>>()
    const seen = new Set<string>()
    // The person: answers each dialog once its rating is in (or at once without assisted review), a moment later.
    permissions.broker.onChange(() => {
      for (const pending of permissions.broker.list()) {
        if (seen.has(pending.id)) continue
        if (withReview && (pending.review === undefined || pending.review.status === 'rating')) continue
        seen.add(pending.id)
        setImmediate(() => {
          let answer = answers.get(pending.callId) ?? 'allow_once'
          if (answer === 'allow_session' && (!withReview || !pending.offerSession)) answer = 'allow_once'
          permissions.broker.respond(pending.id, answer).then(
            () => void (result.answeredByPerson += 1),
            () => undefined, // The rating answered first.
          )
        })
      }
    })
    let n = 0
    for (const step of script.calls) {
      const facts = script.tools[step.tool]!
      const callId = `call-${++n}`
      ratingOf = new Map([[callId, step.rating]])
      if (step.answer) answers.set(callId, step.answer)
      const sessionId = step.session ?? 's1'
      const call: ToolCallRequest = { origin: 'model', sessionId, callId, extensionId: facts.extension, extensionTrust: facts.trust, toolName: step.tool, tool: facts.tool, arguments: step.arguments }
      const authorization = await permissions.authorize(call)
      if (authorization.decision.verdict === 'ask') result.asked += 1
      if (authorization.run) result.ran += 1
      if (authorization.approval?.by === 'assisted-review') {
        result.autoAllowed += 1
        if (reviewExclusion(call, authorization.decision) !== undefined) result.excludedAutoAllowed += 1
        if (authorization.decision.steps.some((s) => s.inspector === 'guard' && s.verdict === 'ask')) result.guardedAutoAllowed += 1
      }
      if (step.bringsOutside) permissions.noteOutside(sessionId, [{ kind: 'extension', name: 'Web', extensionId: facts.extension, outside: 'open-world' }])
      if (withReview) {
        for (const suggestion of permissions.suggestions.list()) {
          if (!script.acceptSuggestions.includes(`${suggestion.tool} under ${suggestion.glob.replace(/\/\*\*$/, '')}`)) continue
          await permissions.store.saveRule(permissions.suggestions.accept(suggestion.id)!)
          result.suggestionsAccepted += 1
        }
      }
    }
    permissions.close()
    await permissions.store.flush()
    await permissions.sessionGrants.flush()
    await permissions.suggestions.flush()
    return result
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const without = await play(false)
const withReview = await play(true)
console.log(`assisted review bench: a fixed ${script.calls.length}-call session (bench/fixtures/assistedReviewSession.json; the script decides the figure)`)
console.log(`  questions the person answered: without ${without.answeredByPerson}, with assisted review + session grants + suggested rules ${withReview.answeredByPerson}`)
console.log(`  ratio with/without: ${(withReview.answeredByPerson / without.answeredByPerson).toFixed(2)} (lower is fewer questions)`)
console.log(`  answered by a low rating: ${withReview.autoAllowed}; suggestions accepted: ${withReview.suggestionsAccepted}; calls run: without ${without.ran}, with ${withReview.ran}`)
console.log(`  guarded calls answered by a rating: ${withReview.guardedAutoAllowed} (must be 0); other excluded questions answered by a rating: ${withReview.excludedAutoAllowed} (must be 0)`)
if (withReview.guardedAutoAllowed !== 0 || withReview.excludedAutoAllowed !== 0) {
  console.error('FAIL: a rating answered a question it may not answer')
  process.exitCode = 1
}
