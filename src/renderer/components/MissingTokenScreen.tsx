/** Browser mode opened without its access token: explain how to open the app properly. */
import { useAppliedTheme } from '../hooks/useAppliedTheme'
import { AppMark } from './AppMark'

export function MissingTokenScreen() {
  useAppliedTheme()
  return (
    <main className="flex h-full items-center justify-center bg-zinc-50 p-8 dark:bg-zinc-950">
      <div className="max-w-lg rounded-xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <AppMark size="size-10" />
        <h1 className="mt-4 text-lg font-semibold">Open Switchboard from the address it printed</h1>
        <p className="mt-3 text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">
          This page needs the access token that Switchboard creates each time it starts. Run{' '}
          <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-xs dark:bg-zinc-800">npm start</code> and open the
          address it prints, which looks like:
        </p>
        <p className="mt-3 rounded-md bg-zinc-100 px-3 py-2 font-mono text-xs break-all dark:bg-zinc-800">
          {location.origin}/?token=…
        </p>
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">The token keeps other web pages and programs on this computer out.</p>
      </div>
    </main>
  )
}
