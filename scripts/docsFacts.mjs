// `npm run docs:check [-- --base REV]`: nothing the README said at REV is lost from the docs of the
// working tree. It lists that README's section headings (## and ###) and the host API names of that
// revision (the app tools of src/shared/hostApi.ts and the contract files it imports, and every
// switchboard:// resource URI they name), and looks each one up in README.md and docs/**/*.md as
// they are now: a heading must be a heading there (any level), a name must appear in the text.
// Prints what is missing and exits 1 if anything is. See CONTRIBUTING.md ("Documentation").
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'

const CONTRACT_ENTRY = 'src/shared/hostApi.ts'

/** A file's text at a revision (`git show REV:path`), or undefined where it did not exist. */
function gitShow(root, rev, path) {
  try {
    return execFileSync('git', ['show', `${rev}:${path}`], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 })
  } catch {
    return undefined
  }
}

/** Markdown lines outside fenced code blocks (a `# comment` in a shell block is no heading). */
function proseLines(markdown) {
  const lines = []
  let fence = null
  for (const line of markdown.split(/\r?\n/)) {
    const opened = /^\s*(```+|~~~+)/.exec(line)
    if (opened) {
      if (fence === null) fence = opened[1][0]
      else if (opened[1][0] === fence) fence = null
      continue
    }
    if (fence === null) lines.push(line)
  }
  return lines
}

/** Headings compare by their words: case, emphasis, code marks and closing #s aside. */
export function normalizeHeading(text) {
  return text
    .replace(/\s+#+\s*$/, '')
    .replace(/[`*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}

/** `{ level, text }` of each ATX heading of the given levels. */
export function headings(markdown, levels = [1, 2, 3, 4, 5, 6]) {
  const found = []
  for (const line of proseLines(markdown)) {
    const match = /^(#{1,6})\s+(.+)$/.exec(line)
    if (match && levels.includes(match[1].length)) found.push({ level: match[1].length, text: match[2].trim() })
  }
  return found
}

/**
 * The host API names in contract sources: the keys of every `export const …ToolInput = { … }` object
 * (the app tools; spreads of other files' objects are followed by reading those files too) and every
 * `switchboard://` URI in a string literal (not one built at run time in a template).
 */
export function hostApiNames(sources) {
  const tools = new Set()
  const uris = new Set()
  for (const text of sources) {
    let inToolInput = false
    for (const line of text.split(/\r?\n/)) {
      if (/^export const \w*ToolInput\s*=\s*\{/.test(line)) inToolInput = true
      else if (inToolInput && /^\}/.test(line)) inToolInput = false
      else if (inToolInput) {
        const key = /^ {2}([a-z][a-z0-9_]*)\s*:/.exec(line)
        if (key) tools.add(key[1])
      }
    }
    // String literals only: a URI in backticks is a comment's or one built at run time.
    for (const [, uri] of text.matchAll(/['"](switchboard:\/\/[^'"\s]*)['"]/g)) uris.add(uri)
  }
  return { tools: [...tools].sort(), uris: [...uris].sort() }
}

/** The contract entry and every src/shared file it imports or re-exports, transitively, at a revision. */
function contractSources(root, rev) {
  const sources = []
  const queue = [CONTRACT_ENTRY]
  const seen = new Set()
  while (queue.length > 0) {
    const path = queue.shift()
    if (seen.has(path)) continue
    seen.add(path)
    const text = gitShow(root, rev, path)
    if (text === undefined) {
      if (path === CONTRACT_ENTRY) throw new Error(`${CONTRACT_ENTRY} does not exist at ${rev}; pass --base with a revision that has it.`)
      continue
    }
    sources.push(text)
    for (const [, specifier] of text.matchAll(/from\s+'(\.\/[^']+)'/g)) {
      queue.push(posix.join(posix.dirname(path), specifier.endsWith('.ts') ? specifier : `${specifier}.ts`))
    }
  }
  return sources
}

/** README.md and every docs/**∕*.md of the working tree. */
function workingDocs(root) {
  const files = []
  if (existsSync(join(root, 'README.md'))) files.push(join(root, 'README.md'))
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.md')) files.push(path)
    }
  }
  if (existsSync(join(root, 'docs'))) walk(join(root, 'docs'))
  return files.map((file) => readFileSync(file, 'utf8'))
}

/** What the README at `rev` and the contract at `rev` name that the working tree's docs do not. */
export function missingFacts(root, rev) {
  const readme = gitShow(root, rev, 'README.md')
  if (readme === undefined) throw new Error(`README.md does not exist at ${rev}; pass --base with the revision whose README should be kept.`)
  const wanted = headings(readme, [2, 3])
  const { tools, uris } = hostApiNames(contractSources(root, rev))
  const docs = workingDocs(root)
  const present = new Set(docs.flatMap((text) => headings(text).map((h) => normalizeHeading(h.text))))
  const text = docs.join('\n')
  const named = (name) => new RegExp(`(?<![A-Za-z0-9_])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_])`).test(text)
  return {
    checked: { headings: wanted.length, tools: tools.length, uris: uris.length },
    headings: wanted.filter((h) => !present.has(normalizeHeading(h.text))).map((h) => `${'#'.repeat(h.level)} ${h.text}`),
    names: [...tools, ...uris].filter((name) => !named(name)),
  }
}

function main(argv) {
  let rev = 'HEAD'
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--base' && argv[i + 1]) rev = argv[++i]
    else if (argv[i].startsWith('--base=')) rev = argv[i].slice('--base='.length)
    else {
      console.error(`Unknown argument ${argv[i]}. Usage: node scripts/docsFacts.mjs [--base REV]`)
      return 2
    }
  }
  const root = process.cwd()
  const result = missingFacts(root, rev)
  const { headings: h, tools, uris } = result.checked
  const missing = [...result.headings.map((x) => `heading  ${x}`), ...result.names.map((x) => `name     ${x}`)]
  if (missing.length === 0) {
    console.log(`docs:check: all ${h} README headings and ${tools} host tools and ${uris} resource URIs of ${rev} are in README.md and docs/.`)
    return 0
  }
  console.log(`docs:check: ${missing.length} of ${h + tools + uris} things named at ${rev} are not in README.md or docs/**/*.md:`)
  for (const line of missing) console.log(`  ${line}`)
  console.log('Add each to the guide page where it now belongs (a heading as a heading, a name anywhere in the text).')
  return 1
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.exitCode = main(process.argv.slice(2))
  } catch (error) {
    console.error(`docs:check: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 2
  }
}
