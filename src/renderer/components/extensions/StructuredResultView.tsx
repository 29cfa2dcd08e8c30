/**
 * A tool's structured result (`structuredContent`, checked against its outputSchema in main), shown
 * for reading: a table for a list of flat records, name/value rows for one flat record, a tree for
 * anything nested — with the raw JSON one click away.
 */
import { useId, useState } from 'react'
import { rawJson, scalarText, structuredShape, type Scalar } from './structuredData'

const cell = 'border-b border-zinc-200 px-2 py-1 text-left align-top dark:border-zinc-700/80'
const headCell = `${cell} font-semibold text-zinc-600 dark:text-zinc-300`
/** Deeper levels start closed, so a big result opens readable. */
const OPEN_DEPTH = 2
/** Entries per level; the rest are in the raw JSON. */
const MAX_CHILDREN = 200

function ScalarView({ value }: { value: Scalar }) {
  const tone = typeof value === 'string' ? 'text-zinc-800 dark:text-zinc-100' : 'font-mono text-indigo-700 dark:text-indigo-300'
  return <span className={`${tone} wrap-anywhere`}>{scalarText(value)}</span>
}

function TreeNode({ name, value, depth }: { name: string; value: unknown; depth: number }) {
  if (value === null || typeof value !== 'object') {
    return (
      <li>
        <span className="font-medium text-zinc-600 dark:text-zinc-400">{name}: </span>
        <ScalarView value={(value ?? null) as Scalar} />
      </li>
    )
  }
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value)
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`
  return (
    <li>
      <details open={depth < OPEN_DEPTH}>
        <summary className="cursor-pointer select-none">
          <span className="font-medium text-zinc-600 dark:text-zinc-400">{name}</span> <span className="font-mono text-zinc-400">{summary}</span>
        </summary>
        <ul className="ml-2 border-l border-zinc-200 pl-3 dark:border-zinc-700">
          {entries.slice(0, MAX_CHILDREN).map(([key, child]) => (
            <TreeNode key={key} name={key} value={child} depth={depth + 1} />
          ))}
          {entries.length > MAX_CHILDREN && <li className="text-zinc-500">… {entries.length - MAX_CHILDREN} more (see the raw JSON)</li>}
        </ul>
      </details>
    </li>
  )
}

function ReadableView({ value }: { value: unknown }) {
  const shape = structuredShape(value)
  switch (shape.kind) {
    case 'table':
      return (
        <>
          <table className="w-full border-collapse text-xs">
            <thead>
              <tr>
                {shape.columns.map((column) => (
                  <th key={column} scope="col" className={headCell}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shape.rows.map((row, index) => (
                <tr key={index}>
                  {row.map((value, column) => (
                    <td key={column} className={cell}>
                      <ScalarView value={value} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {shape.hiddenRows > 0 && <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{shape.hiddenRows} more rows are in the raw JSON.</p>}
        </>
      )
    case 'record':
      return (
        <table className="w-full border-collapse text-xs">
          <tbody>
            {shape.rows.map(([key, value]) => (
              <tr key={key}>
                <th scope="row" className={`${headCell} w-1/3`}>
                  {key}
                </th>
                <td className={cell}>
                  <ScalarView value={value} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )
    case 'tree':
      return (
        <ul className="space-y-0.5 text-xs">
          <TreeNode name="result" value={value} depth={0} />
        </ul>
      )
  }
}

export function StructuredResultView({ value }: { value: unknown }) {
  const id = useId()
  const [raw, setRaw] = useState(false)
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-md border border-zinc-200 dark:border-zinc-700/80">
      <header className="flex items-center justify-between gap-2 border-b border-zinc-200 px-2.5 py-1 dark:border-zinc-700/80">
        <h5 id={`${id}-title`} className="text-[11px] font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
          Structured result
        </h5>
        <button
          type="button"
          aria-pressed={raw}
          onClick={() => setRaw(!raw)}
          className="rounded px-1.5 py-0.5 text-xs font-medium text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-500/10"
        >
          Raw JSON
        </button>
      </header>
      <div className="max-h-80 overflow-auto px-2.5 py-2">
        {raw ? <pre className="font-mono text-xs leading-relaxed wrap-anywhere whitespace-pre-wrap text-zinc-800 dark:text-zinc-200">{rawJson(value)}</pre> : <ReadableView value={value} />}
      </div>
    </section>
  )
}
