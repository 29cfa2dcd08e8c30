/**
 * `dependencies` (with `optionalDependencies`: the native keychain bindings, which may fail to
 * install) is what the main process runs: the build bundles the pure-JS ones into out/main and
 * leaves the rest (native bindings, packages that require electron, modules required on first use)
 * to node_modules. So every package the built main imports is listed, every listed package is used
 * by main-side source (src/main, src/shared), and what only the renderer uses is bundled into its
 * assets and belongs in devDependencies. Reads the build of globalSetup.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>
  optionalDependencies?: Record<string, string>
  devDependencies: Record<string, string>
}
const runtime = { ...packageJson.dependencies, ...packageJson.optionalDependencies }
const builtins = new Set([...builtinModules, 'electron'])

/** The packages the files under `folder` (with the given extension) import, statically or with import(). */
function importedPackages(folder: string, extension = /\.(c|m)?js$/): Set<string> {
  const packages = new Set<string>()
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => extension.test(file))
  for (const file of files) {
    const text = readFileSync(join(folder, file), 'utf8')
    // Modules loaded on first use through createRequire(import.meta.url)("…") (the tokenizer) count too.
    const lazy = [...text.matchAll(/createRequire\([^()]*\)\(\s*["']([^"']+)["']\s*\)/g)].map((match) => ({ fileName: match[1]! }))
    for (const { fileName } of [...ts.preProcessFile(text, true, true).importedFiles, ...lazy]) {
      if (fileName.startsWith('.') || fileName.startsWith('node:')) continue
      const name = fileName.startsWith('@') ? fileName.split('/').slice(0, 2).join('/') : fileName.split('/')[0]!
      if (!builtins.has(name)) packages.add(name)
    }
  }
  return packages
}

describe('packaged dependencies', () => {
  const main = importedPackages('out/main')
  const mainSource = new Set([...importedPackages('src/main', /\.ts$/), ...importedPackages('src/shared', /\.ts$/)])

  it('lists every package the built main process imports', () => {
    expect(main.size).toBeGreaterThan(5)
    expect([...main].filter((name) => !(name in runtime))).toEqual([])
  })

  it('lists nothing else: renderer-only libraries are devDependencies (bundled into the renderer)', () => {
    expect(mainSource.size).toBeGreaterThan(main.size)
    expect(Object.keys(runtime).filter((name) => !main.has(name) && !mainSource.has(name))).toEqual([])
  })

  it('the sandboxed preload imports nothing but electron', () => {
    expect([...importedPackages('out/preload')]).toEqual([])
    expect(readFileSync('out/preload/index.cjs', 'utf8')).toContain('require("electron")')
  })
})
