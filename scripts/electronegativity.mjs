// `npm run electronegativity [-- OUT_DIR] [--report-dir DIR]`: @doyensec/electronegativity over the build
// output (docs/security.md, "Sandboxes and boundaries"). The full result goes to DIR/findings.json, by default in a new temporary folder.
// Fails on every finding that build/electronegativity-allow.json does not allow with a reason, and on
// every file the tool could not parse (an unparsed file is an unchecked file).
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { transformSync } from 'esbuild'
import { buildIfStale } from './build-if-stale.mjs'

/**
 * Not run: it downloads Electron's release list to compare versions, so its answer depends on the
 * day and the network. Electron updates are a dependency-update concern, not a property of our code.
 */
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck']

/** A reason must say something; "ok" or "fp" is not a reason. */
const MIN_REASON_LENGTH = 20

/** @typedef {{ check: string, file: string | undefined, sample: string | undefined, reason: string }} AllowEntry */

/**
 * Parses the allow-list. `{ "CHECK_ID": "reason" }` allows a check everywhere;
 * `{ "CHECK_ID": { "path/in/out/*.js": "reason" } }` allows it in matching files only (`*` matches
 * within one path segment, for hashed asset names); `{ "CHECK_ID": { "file": { "sample": "code",
 * "reason": "…" } } }` allows it only where the flagged line contains `code`, so that a second,
 * unreviewed call site in the same file still fails. Keys starting with `$` are comments.
 * @param {string} text
 * @returns {AllowEntry[]}
 */
export function parseAllowList(text) {
  const json = JSON.parse(text)
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('the allow-list must be a JSON object')
  const entries = []
  const reasonOf = (value, where) => {
    if (typeof value !== 'string' || value.trim().length < MIN_REASON_LENGTH) {
      throw new Error(`${where}: the reason must be a sentence (at least ${MIN_REASON_LENGTH} characters)`)
    }
    return value.trim()
  }
  for (const [check, value] of Object.entries(json)) {
    if (check.startsWith('$')) continue
    if (!/^[A-Z0-9_]+$/.test(check)) throw new Error(`${check}: check ids are UPPER_SNAKE_CASE, as electronegativity prints them`)
    if (typeof value === 'string') {
      entries.push({ check, file: undefined, sample: undefined, reason: reasonOf(value, check) })
      continue
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${check}: expected a reason or an object of file patterns`)
    for (const [file, rule] of Object.entries(value)) {
      if (file.startsWith('$')) continue
      const where = `${check} ${file}`
      if (typeof rule === 'object' && rule !== null && !Array.isArray(rule)) {
        if (typeof rule.sample !== 'string' || rule.sample === '') throw new Error(`${where}: "sample" must be a non-empty string`)
        entries.push({ check, file, sample: rule.sample, reason: reasonOf(rule.reason, where) })
      } else {
        entries.push({ check, file, sample: undefined, reason: reasonOf(rule, where) })
      }
    }
  }
  return entries
}

/** @param {string} pattern @param {string} file */
function fileMatches(pattern, file) {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${escaped.join('[^/]*')}$`).test(file)
}

/** @param {AllowEntry} entry @param {{ id: string, file: string, sample?: string }} finding */
function allows(entry, finding) {
  return (
    entry.check === finding.id &&
    (entry.file === undefined || fileMatches(entry.file, finding.file)) &&
    (entry.sample === undefined || String(finding.sample ?? '').includes(entry.sample))
  )
}

/**
 * Splits findings into allowed and unexpected, and names allow-list entries that matched nothing.
 * @template {{ id: string, file: string, sample?: string }} Finding
 * @param {Finding[]} findings
 * @param {AllowEntry[]} allowList
 */
export function classifyFindings(findings, allowList) {
  const used = new Set()
  const unexpected = []
  for (const finding of findings) {
    const entry = allowList.find((e) => allows(e, finding))
    if (entry) used.add(entry)
    else unexpected.push(finding)
  }
  return { unexpected, unusedEntries: allowList.filter((entry) => !used.has(entry)) }
}

/**
 * Copies the build output for scanning. The tool reads only .js and .html files, and our preload is
 * `index.cjs`, so .cjs/.mjs files get an extra `.js` (mapped back in the report by `originalName`).
 */
function stage(from, to) {
  mkdirSync(to, { recursive: true })
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name)
    if (entry.isDirectory()) stage(source, join(to, entry.name))
    else copyFileSync(source, join(to, /\.(cjs|mjs)$/.test(entry.name) ? `${entry.name}.js` : entry.name))
  }
}

/** @param {string} stagedPath */
export function originalName(stagedPath) {
  return stagedPath.replace(/\.(cjs|mjs)\.js$/, '.$1')
}

const oneLine = (text, max = 160) => {
  const flat = String(text ?? '').replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max)}…` : flat
}

/**
 * The tool's parsers stop at ES2021: a file with class private fields or static blocks (the bundled
 * dependencies in out/main, which electron-vite builds for the Node target only) would go unchecked.
 * Such a file is scanned in its ES2021 form, which esbuild lowers from the same code; a file that lowering
 * leaves unchanged is scanned as built. Lowered copies are kept in `reportDir/lowered` (their line numbers
 * are the ones a finding names). Returns the lowered files, relative to the staged folder.
 */
function lowerForTheParser(stagedDir, reportDir) {
  const lowered = []
  for (const file of readdirSync(stagedDir, { recursive: true })) {
    if (!file.endsWith('.js')) continue
    const path = join(stagedDir, file)
    const code = readFileSync(path, 'utf8')
    const format = file.endsWith('.cjs.js') ? 'cjs' : 'esm'
    const printed = transformSync(code, { loader: 'js', format, target: 'esnext' }).code
    // Top-level await cannot be lowered, and the tool's parsers read it.
    const es2021 = transformSync(code, { loader: 'js', format, target: 'es2021', supported: { 'top-level-await': true } }).code
    if (es2021 === printed) continue
    writeFileSync(path, es2021)
    mkdirSync(dirname(join(reportDir, 'lowered', file)), { recursive: true })
    writeFileSync(join(reportDir, 'lowered', file), es2021)
    lowered.push(originalName(file))
  }
  return lowered
}

/**
 * Runs the tool over a staged copy of `outDir` and writes the full result to `reportDir/findings.json`.
 * File names in the results are relative to `outDir`, with their original extensions. (The tool's own
 * `output` option is not used: it writes asynchronously after returning, and with the staged names.)
 */
async function scan(root, outDir, reportDir) {
  const require = createRequire(import.meta.url)
  const input = mkdtempSync(join(tmpdir(), 'switchboard-electronegativity-app-'))
  try {
    stage(outDir, input)
    const lowered = lowerForTheParser(input, reportDir)
    // The app's manifest ships with it; the JSON checks read its scripts and Electron version.
    copyFileSync(join(root, 'package.json'), join(input, 'package.json'))
    const run = require('@doyensec/electronegativity')
    const result = await run({
      input,
      isRelative: true,
      excludeFromScan: EXCLUDED_CHECKS,
      // The manifest only has a range; checks whose answer depends on the version get the installed one.
      electronVersionOverride: require('electron/package.json').version,
    })
    const findings = result.issues.map((issue) => ({ ...issue, file: originalName(issue.file) }))
    const errors = result.errors.map((error) => ({ ...error, file: originalName(relative(input, error.file)) }))
    writeFileSync(join(reportDir, 'findings.json'), JSON.stringify({ ...result, issues: findings, errors }, null, 2))
    return { checks: result.globalChecks + result.atomicChecks, findings, lowered, unparsed: errors.filter((error) => !error.tolerable) }
  } finally {
    rmSync(input, { recursive: true, force: true })
  }
}

async function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..')
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'report-dir': { type: 'string' } } })
  // Scanning our own build: rebuild first if sources changed, so a stale out/ is never what passes.
  if (positionals[0] === undefined) buildIfStale(root)
  const outDir = resolve(positionals[0] ?? join(root, 'out'))
  const allowPath = join(root, 'build/electronegativity-allow.json')
  const allowList = parseAllowList(readFileSync(allowPath, 'utf8'))
  const reportDir = values['report-dir'] ? resolve(values['report-dir']) : mkdtempSync(join(tmpdir(), 'switchboard-electronegativity-'))
  mkdirSync(reportDir, { recursive: true })

  const { checks, findings, lowered, unparsed } = await scan(root, outDir, reportDir)
  const { unexpected, unusedEntries } = classifyFindings(findings, allowList)
  const allowed = findings.length - unexpected.length
  process.stdout.write(`electronegativity: ${checks} checks over ${outDir}; ${findings.length} findings, ${allowed} allow-listed; report in ${reportDir}\n`)
  if (lowered.length > 0) process.stdout.write(`  scanned in ES2021 form (lowered copies in ${join(reportDir, 'lowered')}): ${lowered.join(', ')}\n`)
  for (const entry of unusedEntries) {
    process.stdout.write(`  note: allow-list entry ${entry.check}${entry.file ? ` ${entry.file}` : ''} matched nothing; remove it if the finding is gone\n`)
  }
  for (const error of unparsed) process.stdout.write(`  UNPARSED ${error.file}: ${oneLine(error.message)}\n`)
  for (const issue of unexpected) {
    const where = `${issue.file}:${issue.location.line}:${issue.location.column}`
    process.stdout.write(`  ${issue.id} ${where} [${issue.severity.name}/${issue.confidence.name}] ${oneLine(issue.description)}\n      ${oneLine(issue.sample)}\n`)
  }
  if (unexpected.length > 0 || unparsed.length > 0) {
    process.stdout.write(`FAILED: ${unexpected.length} finding(s) not allow-listed in ${allowPath}, ${unparsed.length} file(s) not parsed.\n`)
    process.exitCode = 1
  }
}

// Run only as a script, so that tests can import the allow-list logic.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  main().catch((error) => {
    process.stderr.write(`electronegativity: ${error.stack ?? error.message}\n`)
    process.exit(2)
  })
}
