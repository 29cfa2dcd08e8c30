/**
 * Whether a bundle can run on this computer: its declared platforms and runtime versions
 * (`compatibility.runtimes.node` against the Node that runs the host, `python` against the
 * `python3` on PATH, asked only when a bundle declares a Python range).
 */
import { execFile } from 'node:child_process'
import type { Manifest } from './manifestSchema'
import { satisfiesRange } from './versionRange'

export interface RuntimeEnvironment {
  platform: NodeJS.Platform
  nodeVersion: string
  /** The Python version, or undefined when no Python is installed. */
  pythonVersion: () => Promise<string | undefined>
}

/** Asks `python3 --version` (then `python`) once, with a short timeout. */
function detectPython(): Promise<string | undefined> {
  const ask = (command: string) =>
    new Promise<string | undefined>((resolve) => {
      execFile(command, ['--version'], { timeout: 5000, windowsHide: true }, (error, stdout, stderr) => {
        const match = /Python\s+(\S+)/.exec(`${stdout}${stderr}`)
        resolve(error || !match ? undefined : match[1])
      })
    })
  return ask('python3').then((version) => version ?? ask('python'))
}

export const hostEnvironment = (): RuntimeEnvironment => ({ platform: process.platform, nodeVersion: process.version, pythonVersion: detectPython })

/** One sentence per reason the bundle cannot run here; empty when it can. */
export async function compatibilityProblems(manifest: Manifest, environment: RuntimeEnvironment): Promise<string[]> {
  const problems: string[] = []
  const { platforms, runtimes } = manifest.compatibility ?? {}
  if (platforms && platforms.length > 0 && !platforms.includes(environment.platform)) {
    problems.push(`This bundle runs on ${platforms.join(', ')}, not on ${environment.platform}.`)
  }
  const check = (runtime: string, range: string | undefined, version: string | undefined, fix: string) => {
    if (range === undefined) return
    if (version === undefined) {
      problems.push(`This bundle needs ${runtime} ${range}, and no ${runtime} was found; ${fix}.`)
      return
    }
    const fits = satisfiesRange(version, range)
    if (fits === false) problems.push(`This bundle needs ${runtime} ${range}; this computer has ${runtime} ${version}. ${fix[0]!.toUpperCase()}${fix.slice(1)}.`)
    if (fits === undefined) problems.push(`The bundle's ${runtime} requirement "${range}" cannot be read; ask its author to write it like ">=18.0.0".`)
  }
  check('Node.js', runtimes?.node, environment.nodeVersion, 'update Switchboard, or ask the author for a bundle that supports it')
  if (runtimes?.python !== undefined) check('Python', runtimes.python, await environment.pythonVersion(), 'install a matching Python 3')
  return problems
}
