/**
 * The conformance drivers, bundled once per run by esbuild (the project's bundler) instead of
 * started through tsx at every scenario: the suite starts a driver process per scenario (~140
 * times a run), and tsx resolved and compiled the host's sources at each of those starts, about
 * twice the CPU of loading one prepared file (measured: 6.7 s → 3.2 s user CPU a scenario on a busy
 * 2-core machine). The drivers' code is the same; only how it is loaded changes.
 *
 * The bundle lives inside the project (node_modules/.cache), so the packages it leaves external
 * resolve as they do from the sources; the chat search's worker is built beside it under the name
 * chatSearch.ts looks for (searchWorker.js).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('../..', import.meta.url))

export interface DriverBundle {
  /** The command line that starts a bundled driver (the suite appends the server URL). */
  command(name: string): string
  remove(): Promise<void>
}

/** Bundles each driver (name → path from the project root) into one scratch folder. */
export async function bundleDrivers(drivers: Record<string, string>): Promise<DriverBundle> {
  await mkdir(join(root, 'node_modules/.cache'), { recursive: true })
  const outdir = await mkdtemp(join(root, 'node_modules/.cache/conformance-drivers-'))
  const entryPoints: Record<string, string> = { searchWorker: join(root, 'src/main/services/chat/searchWorker.ts') }
  for (const [name, path] of Object.entries(drivers)) entryPoints[name] = join(root, path)
  try {
    await build({ entryPoints, outdir, bundle: true, platform: 'node', format: 'esm', target: 'node22', packages: 'external', logLevel: 'error' })
  } catch (error) {
    await rm(outdir, { recursive: true, force: true })
    throw error
  }
  return {
    command(name) {
      if (!(name in drivers)) throw new Error(`no bundled driver named ${name}`)
      return `${process.execPath} ${join(outdir, `${name}.js`)}`
    },
    remove: () => rm(outdir, { recursive: true, force: true }),
  }
}
