// The Node check `npm start` and `npm run host` make before anything else: an older Node would get
// as far as loading the app and crash on a missing built-in (module.enableCompileCache, …) with a
// message that names neither the cause nor the fix. The minimum is package.json's "engines".
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The command that puts a new enough Node first on PATH (it installs one when needed). */
export const NODE_FIX = 'export PATH="$(bash scripts/node22.sh):$PATH"'

/**
 * The minimum of an "engines.node" range of the form ">=22.15" (the only form we write).
 * @param {string} range
 * @returns {[number, number, number]}
 */
export function minimumOf(range) {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim())
  if (!match) throw new Error(`package.json "engines.node" is "${range}"; write it as ">=MAJOR.MINOR"`)
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)]
}

/**
 * The one line to print when `version` (process.versions.node) is older than `range`; undefined when it is new enough.
 * @param {string} version
 * @param {string} range
 * @returns {string | undefined}
 */
export function nodeVersionProblem(version, range) {
  const minimum = minimumOf(range)
  const current = version.replace(/^v/, '').split('.').map((part) => Number.parseInt(part, 10) || 0)
  for (let index = 0; index < 3; index++) {
    if ((current[index] ?? 0) > minimum[index]) return undefined
    if ((current[index] ?? 0) < minimum[index]) {
      const needed = minimum[2] === 0 ? `${minimum[0]}.${minimum[1]}` : minimum.join('.')
      return `Switchboard needs Node.js ${needed} or later, but this is Node.js ${version.replace(/^v/, '')}. Fix: ${NODE_FIX} (installs Node 22 if needed), then run the command again.`
    }
  }
  return undefined
}

/** Stops this script with the one line when the running Node is too old for the app in `root`. */
export function requireNodeVersion(root) {
  const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const problem = nodeVersionProblem(process.versions.node, engines.node)
  if (!problem) return
  process.stderr.write(`${problem}\n`)
  process.exit(1)
}
