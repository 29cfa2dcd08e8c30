/**
 * `dependencies` (with `optionalDependencies`: the native keychain bindings, which may fail to
 * install) is exactly what the built main process loads from node_modules: electron-builder packs
 * those (and what they need) into app.asar. Everything else the main uses is bundled into out/main by
 * the build, like the renderer's libraries into its assets, so it is a devDependency: listed in
 * `dependencies` it would ship twice, once bundled and once in node_modules (issue 34). Reads the
 * build of globalSetup.
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

  it('lists nothing else: what the build bundles is a devDependency, so app.asar does not ship it a second time', () => {
    expect(Object.keys(runtime).filter((name) => !main.has(name))).toEqual([])
  })

  it('has every package the main-side sources import installed, as a runtime or a bundled (dev) dependency', () => {
    expect(mainSource.size).toBeGreaterThan(main.size)
    expect([...mainSource].filter((name) => !(name in runtime) && !(name in packageJson.devDependencies))).toEqual([])
  })

  it('the sandboxed preload imports nothing but electron', () => {
    expect([...importedPackages('out/preload')]).toEqual([])
    expect(readFileSync('out/preload/index.cjs', 'utf8')).toContain('require("electron")')
  })
})
