import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { readdirSync, statSync } from 'node:fs'
import { checkBundle, firstLoad, RENDERER_CHUNK_WARNING_KB } from '../../scripts/bundleSize.mjs'

let dir: string | undefined
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = undefined
})

/** A built renderer: index.html loading entry.js, which imports shared.js statically and lazy.js on first use. */
async function renderer(entryFiller = '') {
  dir = await mkdtemp(join(tmpdir(), 'bundle-size-'))
  await mkdir(join(dir, 'assets'))
  await writeFile(join(dir, 'index.html'), '<script type="module" crossorigin src="./assets/entry.js"></script><link rel="stylesheet" href="./assets/index.css">')
  await writeFile(join(dir, 'assets', 'entry.js'), `import{a as b}from"./shared.js";const l=()=>import("./lazy.js");${entryFiller}`)
  await writeFile(join(dir, 'assets', 'shared.js'), 'export const a=1')
  // Random bytes do not compress: the lazy chunk is large gzipped, and must not count.
  await writeFile(join(dir, 'assets', 'lazy.js'), randomBytes(50_000).toString('base64'))
  await writeFile(join(dir, 'assets', 'index.css'), 'body{}')
  return dir
}

describe('bundle-size report', () => {
  it('counts the entry and its static imports, not the chunks loaded on first use', async () => {
    const { files } = firstLoad(await renderer())
    expect([...files.keys()].sort()).toEqual(['assets/entry.js', 'assets/shared.js'])
  })

  it('fails once the first chunk grows past the budget, naming the fix', async () => {
    const root = await renderer(`const big=${JSON.stringify(randomBytes(20_000).toString('base64'))};`)
    const small = checkBundle(root, 40_000)
    expect(small.within).toBe(true)
    const over = checkBundle(root, 10_000)
    expect(over.within).toBe(false)
    expect(over.lines.join('\n')).toMatch(/OVER[\s\S]*React\.lazy/)
  })
})

describe('the built renderer (the build of globalSetup)', () => {
  it('has no chunk past the size the build warns at, so a build prints no chunk warning', () => {
    const assets = join(process.cwd(), 'out', 'renderer', 'assets')
    const sizes = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .map((name) => ({ name, kB: statSync(join(assets, name)).size / 1000 }))
    expect(sizes.length).toBeGreaterThan(0)
    expect(sizes.filter(({ kB }) => !(kB <= RENDERER_CHUNK_WARNING_KB))).toEqual([])
    // The limit stays a tripwire: above the largest chunk today, not far above it.
    expect(RENDERER_CHUNK_WARNING_KB).toBeLessThanOrEqual(1.5 * Math.max(...sizes.map(({ kB }) => kB)))
  })
})
