/** Shared class names, so that every button looks and focuses the same way. */

const base =
  'inline-flex items-center justify-center gap-1.5 rounded-md text-sm font-medium transition-colors select-none ' +
  'disabled:cursor-not-allowed disabled:opacity-50'

export const primaryButton =
  `${base} h-8 px-3 bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 active:bg-indigo-700 ` +
  'dark:bg-indigo-500 dark:hover:bg-indigo-400'

export const secondaryButton =
  `${base} h-8 px-3 border border-zinc-300 bg-white text-zinc-800 shadow-xs hover:bg-zinc-50 ` +
  'dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100 dark:hover:bg-zinc-700'

export const dangerButton = `${base} h-7 px-2.5 bg-red-600 text-white hover:bg-red-500 dark:bg-red-500 dark:hover:bg-red-400`

export const quietButton =
  `${base} h-7 px-2.5 text-zinc-700 hover:bg-zinc-200/70 dark:text-zinc-300 dark:hover:bg-zinc-700/70`

/** A quiet button for removing something: red only on hover. */
export const quietDangerButton = `${quietButton} hover:text-red-700 dark:hover:text-red-300`

/** A select that looks like text until hovered or focused (the chat header's and the composer's pickers). */
export const quietSelect =
  'h-7 max-w-full min-w-0 truncate rounded-md border border-transparent bg-transparent pr-7 pl-2 text-xs font-medium text-zinc-700 ' +
  'hover:border-zinc-300 hover:bg-white focus:border-indigo-500 focus-visible:outline-none focus:ring-2 focus:ring-indigo-500/25 ' +
  'dark:text-zinc-300 dark:hover:border-zinc-700 dark:hover:bg-zinc-900'

export const iconButton =
  `${base} size-7 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 ` +
  'dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-100'

export const smallSecondaryButton =
  `${base} h-7 px-2.5 border border-zinc-300 bg-white text-zinc-800 shadow-xs hover:bg-zinc-50 ` +
  'dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100 dark:hover:bg-zinc-700'

/**
 * 32 px tall from its padding and line box, not from a fixed height: with `height` set, Chromium
 * clips the text to the font's own line metrics, and DejaVu Sans Mono (the monospace font on most
 * Linux desktops) then loses its underscores at 14 px — `GITHUB_TOKEN` read as `GITHUB TOKEN`.
 */
export const textInput =
  'min-h-8 py-[5px] leading-5 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2.5 text-sm text-zinc-900 shadow-xs transition-colors ' +
  'placeholder:text-zinc-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/25 focus-visible:outline-none ' +
  'aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/25 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 ' +
  'dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:focus:border-indigo-400'
