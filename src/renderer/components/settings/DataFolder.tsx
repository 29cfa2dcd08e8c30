/** Where Switchboard keeps its data, with a way to copy the path. */
import { useRef } from 'react'
import { CopyButton } from '../CopyButton'

export function DataFolder({ path }: { path: string }) {
  const pathElement = useRef<HTMLElement>(null)
  return (
    <div className="flex items-center gap-2 rounded-md border border-zinc-200 bg-zinc-50 py-1 pr-1 pl-3 dark:border-zinc-800 dark:bg-zinc-950">
      <code ref={pathElement} className="min-w-0 flex-1 font-mono text-xs break-all text-zinc-800 select-all dark:text-zinc-200">
        {path}
      </code>
      <CopyButton text={path} shownIn={pathElement} label="Copy data folder path" />
    </div>
  )
}
