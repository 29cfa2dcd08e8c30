// `npm run size` (CI runs it after the build): the renderer's first chunk — the scripts index.html
// loads and everything they import statically, gzipped — against its budget (docs/architecture.md §9, performance budgets). Fails
// when it grows past the budget; the fix is to load the new code on first use (React.lazy + Suspense
// for a screen, `import()` for a module; settings tabs: the table in SettingsTabs.tsx).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

/** Gzipped budget of the first chunk, in bytes. */
export const FIRST_CHUNK_BUDGET = 250_000

/**
 * The renderer chunk size (minified kB) past which the build warns (electron.vite.config.ts), in
 * place of Vite's 500 kB. Vite's number stands for "a page loads too much at once"; here that is
 * measured by FIRST_CHUNK_BUDGET above (gzipped, what the window loads before it draws: ~840 kB
 * minified). The only other large chunk is vega-lite's compiler (~790 kB), loaded on the first chart.
 * A chunk past this limit is a new large library, worth a look.
 */
export const RENDERER_CHUNK_WARNING_KB = 1000

const gzipped = (path) => gzipSync(readFileSync(path)).length
// Scripts index.html loads (module entries and preloads), relative to the renderer folder.
const HTML_SCRIPT = /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\.\/([^"]+\.js)"/g
// Static imports between chunks (minified: `import{a as b}from"./x.js"`); `import("./x.js")` is lazy.
const STATIC_IMPORT = /\bimport\s*(?:[\w$*{},\s]*?from\s*)?["']\.\/([\w.-]+\.js)["']/g

/** The first chunk: every script the page loads before anything is drawn, with its gzipped size. */
export function firstLoad(rendererDir) {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8')
  const queue = [...html.matchAll(HTML_SCRIPT)].map((match) => match[1])
  const files = new Map()
  while (queue.length > 0) {
    const file = queue.shift()
    if (files.has(file)) continue
    const path = join(rendererDir, file)
    files.set(file, gzipped(path))
    const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : ''
    for (const match of readFileSync(path, 'utf8').matchAll(STATIC_IMPORT)) queue.push(folder + match[1])
  }
  const total = [...files.values()].reduce((sum, size) => sum + size, 0)
  return { files, total }
}

/** The report lines and whether the first chunk is within `budget`. */
export function checkBundle(rendererDir, budget = FIRST_CHUNK_BUDGET) {
  const { files, total } = firstLoad(rendererDir)
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`
  const lines = [...files].map(([file, size]) => `  ${kb(size).padStart(9)}  ${file}`)
  const within = total <= budget
  lines.push(`first chunk ${kb(total)} gzipped, budget ${kb(budget)}: ${within ? 'within' : 'OVER'}`)
  if (!within) lines.push('Load what the first screen does not need on first use: React.lazy + Suspense for a screen, import() for a module.')
  return { within, total, lines }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { within, lines } = checkBundle(join(import.meta.dirname, '..', 'out', 'renderer'))
  console.log(lines.join('\n'))
  if (!within) process.exit(1)
}
