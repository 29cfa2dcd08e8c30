/** In place of Remove for an extension built into Switchboard: it ships with the app, so it is only turned off. */
export function BuiltInMark() {
  return (
    <span
      title="Built into Switchboard: it cannot be removed. Turn it off with the switch if you do not want it."
      className="rounded px-1.5 py-0.5 text-xs font-medium text-zinc-500 ring-1 ring-zinc-300 ring-inset dark:text-zinc-400 dark:ring-zinc-700"
    >
      Part of Switchboard
    </span>
  )
}
