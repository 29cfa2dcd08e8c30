/** The extension's own words in a question: untrusted text, shown as plain text and attributed to the extension. */
export function QuestionMessage({ extensionName, message }: { extensionName: string; message: string }) {
  return (
    <figure className="rounded-lg bg-zinc-50 p-3 dark:bg-zinc-800/60">
      <figcaption className="mb-1 text-xs font-semibold text-zinc-500 dark:text-zinc-400">{extensionName} asks:</figcaption>
      <blockquote className="text-sm leading-relaxed break-words whitespace-pre-wrap text-zinc-800 dark:text-zinc-200">{message}</blockquote>
    </figure>
  )
}
