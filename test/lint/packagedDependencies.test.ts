/**
 * `dependencies` (with `optionalDependencies`: the native keychain bindings, which may fail to
 * install) is what a packaged app ships in node_modules: exactly what the built main process
 * imports at run time (electron-vite leaves those imports to node_modules). What only the renderer
 * uses is bundled into its assets and belongs in devDependencies. Reads the build of globalSetup.
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

/** The packages the built files import, statically or with import(). */
function importedPackages(folder: string): Set<string> {
  const packages = new Set<string>()
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(c|m)?js$/.test(file))
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

  it('lists every package the built main process imports', () => {
    expect(main.size).toBeGreaterThan(5)
    expect([...main].filter((name) => !(name in runtime))).toEqual([])
  })

  it('lists nothing else: renderer-only libraries are devDependencies (bundled into the renderer)', () => {
    expect(Object.keys(runtime).filter((name) => !main.has(name))).toEqual([])
  })

  it('the sandboxed preload imports nothing but electron', () => {
    expect([...importedPackages('out/preload')]).toEqual([])
    expect(readFileSync('out/preload/index.cjs', 'utf8')).toContain('require("electron")')
  })
})
