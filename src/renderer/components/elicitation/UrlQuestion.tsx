/**
 * A URL question from an extension: the full link with its scheme and site emphasized, who asks, and
 * what deserves a second look. Nothing is loaded until the person clicks Open (no preview, no
 * prefetch: the link is text, never an <a>, <img> or <link>). Open hands it to the system browser
 * through main (Electron); in browser mode the page opens it in a new tab without an opener.
 */
import type { UrlElicitation } from '../../../shared/hostApi'
import { primaryButton } from '../ui'
import { QuestionModal } from './QuestionModal'
import { useQuestionAnswer } from './useQuestionAnswer'

interface Props {
  question: UrlElicitation
  waiting: number
  onAnswered: (id: string) => void
}

/** The link split so that where it goes (scheme and site) stands out from the rest. */
export function linkParts(question: Pick<UrlElicitation, 'url' | 'scheme' | 'host'>): { site: string; rest: string } {
  const site = `${question.scheme}://${question.host}`
  return question.url.startsWith(site) ? { site, rest: question.url.slice(site.length) } : { site: question.url, rest: '' }
}

export function UrlQuestion({ question, waiting, onAnswered }: Props) {
  const answering = useQuestionAnswer(question.id, onAnswered)
  const { answer, busy, client } = answering
  const { site, rest } = linkParts(question)

  const open = () =>
    void answer('accept', undefined, async () => {
      const { opened } = await client.call('open_external', { url: question.url })
      if (!opened) window.open(question.url, '_blank', 'noopener,noreferrer')
    })

  return (
    <QuestionModal
      question={question}
      waiting={waiting}
      title={<>Open a page for {question.origin.extensionName}?</>}
      subtitle={
        <>
          Link from extension <code className="font-mono">{question.origin.extensionId}</code> · opens in your browser, outside Switchboard
        </>
      }
      answering={answering}
      answerButton={(armed) => (
        <button type="button" className={primaryButton} disabled={busy || !armed} onClick={open}>
          Open in browser
        </button>
      )}
    >
      <section aria-label="Link" className="space-y-1">
        <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">The link</h3>
        <p data-testid="question-url" className="rounded-lg border border-zinc-200 p-3 font-mono text-sm break-all dark:border-zinc-700">
          <strong className="font-semibold text-zinc-950 dark:text-white">{site}</strong>
          <span className="text-zinc-500 dark:text-zinc-400">{rest}</span>
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Goes to <strong className="font-semibold text-zinc-800 dark:text-zinc-200">{question.host}</strong>. Nothing is loaded until you choose Open.
        </p>
      </section>
      {question.warnings.length > 0 && (
        <ul aria-label="Worth a second look" className="space-y-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          {question.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </QuestionModal>
  )
}
