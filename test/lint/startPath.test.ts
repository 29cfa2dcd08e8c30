/**
 * What the Node host loads before it is ready: the static import graph of the built entry
 * (out/main/host.js and the chunks it imports statically). Libraries only some actions need load on
 * first use (import() or createRequire), so they must not be in that graph. Reads the build of globalSetup.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

// `import … from "x";` / `import "x";` at the top of a built ESM file; import("x") is not static.
const STATIC_IMPORT = /^import\s+(?:[^;]*?\s+from\s+)?["']([^"']+)["'];?\s*$/gm

/**
 * The packages (with subpaths) the entry loads statically, through every chunk it imports statically.
 * The entry itself only turns on the compile cache and then imports runHost with import(), so its
 * own import() calls are on the start path too.
 */
function startPathPackages(entry: string): Set<string> {
  const packages = new Set<string>()
  const seen = new Set<string>()
  const entryImports = [...readFileSync(entry, 'utf8').matchAll(/\bimport\(\s*["'](\.[^"']+)["']\s*\)/g)].map((match) => join(dirname(entry), match[1]!))
  const queue = [entry, ...entryImports]
  while (queue.length > 0) {
    const file = queue.shift()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier!.startsWith('.')) queue.push(join(dirname(file), specifier!))
      else if (!specifier!.startsWith('node:')) packages.add(specifier!)
    }
  }
  return packages
}

/** Loaded on first use: bundle signatures, unzipping, JSON Schema compiling, the stdio client, the tokenizer. */
const FIRST_USE = ['pkijs', 'asn1js', 'yauzl', 'ajv', 'ajv/dist/2020.js', 'ajv-formats', '@modelcontextprotocol/client/stdio', 'gpt-tokenizer']

describe('the host start path', () => {
  const loaded = startPathPackages('out/main/host.js')

  it('is read from the built entry and its static chunks', () => {
    expect(loaded).toContain('@modelcontextprotocol/server')
  })

  it('leaves out what only some actions need', () => {
    expect(FIRST_USE.filter((name) => [...loaded].some((specifier) => specifier === name || specifier.startsWith(`${name}/`)))).toEqual([])
  })
})
