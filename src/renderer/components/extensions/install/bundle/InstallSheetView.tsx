/** The install sheet of a bundle: who made it, what it declares, who signed it, and anything that stops it from running here. */
import { useId, type Ref } from 'react'
import { INVALID_SIGNATURE_REFUSAL, type InstallSheet } from '../../../../../shared/hostApi'
import { AlertIcon, PlugIcon } from '../../../icons'
import { SignatureBadge } from './SignatureBadge'
import { formatTokens } from '../../../../../shared/format'

function NamedList({ title, items }: { title: string; items: { name: string; description?: string }[] }) {
  if (items.length === 0) return null
  return (
    <div>
      <h4 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {title} ({items.length})
      </h4>
      <ul className="mt-1.5 space-y-1 text-sm">
        {items.map((item) => (
          <li key={item.name}>
            <span className="font-mono text-xs">{item.name}</span>
            {item.description && <span className="text-zinc-600 dark:text-zinc-400"> — {item.description}</span>}
          </li>
        ))}
      </ul>
    </div>
  )
}

export function InstallSheetView({ sheet, headingRef }: { sheet: InstallSheet; headingRef?: Ref<HTMLHeadingElement> }) {
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex items-start gap-3">
        {sheet.icon ? (
          <img src={sheet.icon} alt="" className="size-12 shrink-0 rounded-md object-contain" />
        ) : (
          <div className="flex size-12 shrink-0 items-center justify-center rounded-md bg-zinc-100 dark:bg-zinc-800">
            <PlugIcon className="size-6 text-zinc-500" />
          </div>
        )}
        <div className="min-w-0 flex-1">
          <h3 id={titleId} ref={headingRef} tabIndex={-1} className="text-base font-semibold focus:outline-none">
            {sheet.displayName} <span className="text-sm font-normal text-zinc-500">{sheet.version}</span>
          </h3>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            by {sheet.author.name}
            {sheet.license && <> · {sheet.license}</>}
            {sheet.update && <> · updates version {sheet.update.fromVersion}</>}
          </p>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <SignatureBadge signature={sheet.signature} />
            <span className="inline-flex items-center rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">{sheet.serverType} server</span>
          </div>
        </div>
      </div>
      <p className="text-sm">{sheet.description}</p>
      {sheet.signature.status === 'invalid' && (
        <div role="alert" className="flex gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <p>
            {INVALID_SIGNATURE_REFUSAL} <span className="text-xs">Detail: {sheet.signature.problem}.</span>
          </p>
        </div>
      )}
      {sheet.compatibilityProblems.length > 0 && (
        <div role="alert" className="flex gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <ul className="space-y-1">
            {sheet.compatibilityProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {sheet.warnings.length > 0 && (
        <ul className="space-y-1 text-sm text-amber-800 dark:text-amber-300">
          {sheet.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      <NamedList title="Tools" items={sheet.tools} />
      {sheet.declaredToolTokens && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Declared names and descriptions: {formatTokens(sheet.declaredToolTokens.tokens, sheet.declaredToolTokens.tokenizer)}. The full definitions, with their
          parameters, are measured after the first start and shown on the extension’s page.
        </p>
      )}
      <NamedList title="Prompts" items={sheet.prompts} />
      {sheet.privacyPolicies.length > 0 && (
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">Privacy policies</h4>
          <ul className="mt-1.5 space-y-1 text-sm">
            {sheet.privacyPolicies.map((policy) => (
              <li key={policy} className="break-all">
                {/^https?:\/\//i.test(policy) ? (
                  <a href={policy} target="_blank" rel="noreferrer noopener" className="text-indigo-700 underline dark:text-indigo-300">
                    {policy}
                  </a>
                ) : (
                  policy
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {sheet.keywords.length > 0 && <p className="text-xs text-zinc-500">Keywords: {sheet.keywords.join(', ')}</p>}
    </section>
  )
}
