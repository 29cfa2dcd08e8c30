/**
 * What the Node host loads before it is ready: the static import graph of the built entry
 * (out/main/host.js and the chunks it imports statically). The pure-JS dependencies are bundled into
 * those chunks, so what only some actions need must sit in chunks loaded with import() (bundled
 * libraries) or be required on first use (ajv, the tokenizer, the native keychain bindings), never on
 * that graph. Reads the build of globalSetup.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { basename, dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

// `import … from "x";` / `import "x";` at the top of a built ESM file; import("x") is not static.
const STATIC_IMPORT = /^import\s+(?:[^;]*?\s+from\s+)?["']([^"']+)["'];?\s*$/gm

/**
 * The built files and the packages (with subpaths) the entry loads statically, through every chunk
 * it imports statically. The entry itself only turns on the compile cache and then imports runHost
 * with import(), so its own import() calls are on the start path too.
 */
function startPath(entry: string): { files: string[]; packages: Set<string>; builtins: Set<string> } {
  const packages = new Set<string>()
  const builtins = new Set<string>()
  const seen = new Set<string>()
  const entryImports = [...readFileSync(entry, 'utf8').matchAll(/\bimport\(\s*["'](\.[^"']+)["']\s*\)/g)].map((match) => join(dirname(entry), match[1]!))
  const queue = [entry, ...entryImports]
  while (queue.length > 0) {
    const file = queue.shift()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier!.startsWith('.')) queue.push(join(dirname(file), specifier!))
      else if (specifier!.startsWith('node:') || builtinModules.includes(specifier!)) builtins.add(specifier!)
      else packages.add(specifier!)
    }
  }
  return { files: [...seen], packages, builtins }
}

/** Required on first use from node_modules: JSON Schema compiling, the tokenizer, the keychain bindings. */
const FIRST_USE_PACKAGES = ['ajv', 'ajv/dist/2020.js', 'ajv-formats', 'gpt-tokenizer', 'keytar', '@napi-rs/keyring']

/**
 * Bundled code loaded with import() on first use: each chunk's name prefix and a text it holds; where
 * that text is the library's own (`only`), no file on the start path may hold it (the library is not
 * bundled a second time into a static chunk).
 */
const FIRST_USE_CHUNKS = [
  { chunk: 'signatureVerify', holds: 'SignedData', only: true }, // bundle signatures (pkijs, asn1js)
  { chunk: 'unzipBundle', holds: 'central directory', only: true }, // unzipping bundles (yauzl)
  { chunk: 'otlpPipeline', holds: 'BatchSpanProcessor', only: true }, // telemetry export (the OpenTelemetry SDK and OTLP exporter)
  { chunk: 'sdkModules', holds: 'AI_APICallError', only: true }, // the AI SDK and its providers
  { chunk: 'stdioTransport', holds: 'BoundedStdioTransport', only: false }, // the stdio client (the start path names it in its import())
  { chunk: 'gatewayHttp', holds: 'www-authenticate', only: false }, // the connected-apps endpoint (the header is read elsewhere too)
]

/**
 * Bundled libraries loaded with import() on first use, found by a text only they hold (their chunks
 * take the name of a file inside the package: wrapper, dist, …).
 */
const FIRST_USE_LIBRARIES = [
  { library: 'the MCP client (with its own protocol layer beside the server\'s)', holds: "Server's protocol version is not supported" },
  { library: 'yaml (skill and plugin frontmatter)', holds: 'YAMLParseError' },
  { library: 'ws (loaded once the host has said it is ready)', holds: 'Invalid WebSocket frame' },
]

describe('the host start path', () => {
  const { files, packages, builtins } = startPath('out/main/host.js')
  const chunks = readdirSync('out/main/chunks')

  it('is read from the built entry and its static chunks, which hold the MCP server', () => {
    expect(files.map((file) => basename(file)).some((name) => name.startsWith('runHost-'))).toBe(true)
    expect(files.some((file) => readFileSync(file, 'utf8').includes('notifications/initialized'))).toBe(true)
  })

  it("takes Node's builtins from process.getBuiltinModule, never through an ESM import (whose facade reads every export, lazy getters included)", () => {
    expect([...builtins]).toEqual([])
    expect(files.some((file) => readFileSync(file, 'utf8').includes('globalThis.process.getBuiltinModule("node:fs")'))).toBe(true)
  })

  it('is ASCII: V8 keeps each loaded module\'s text for the life of the process, two bytes a character once one is past Latin-1', () => {
    expect(files.filter((file) => /\P{ASCII}/u.test(readFileSync(file, 'utf8')))).toEqual([])
  })

  it('requires none of what only some actions need', () => {
    expect(FIRST_USE_PACKAGES.filter((name) => [...packages].some((specifier) => specifier === name || specifier.startsWith(`${name}/`)))).toEqual([])
  })

  it.each(FIRST_USE_CHUNKS)('keeps $chunk in a chunk of its own, off the start path', ({ chunk, holds, only }) => {
    const name = chunks.find((file) => file.startsWith(`${chunk}-`))
    expect(name, `out/main/chunks/${chunk}-*.js`).toBeDefined()
    const holding = (file: string) => readFileSync(file, 'utf8').toLowerCase().includes(holds.toLowerCase())
    expect(holding(join('out/main/chunks', name!))).toBe(true)
    expect(files.map((file) => basename(file))).not.toContain(name)
    if (only) expect(files.filter(holding)).toEqual([])
  })

  it.each(FIRST_USE_LIBRARIES)('loads $library on first use, from a chunk off the start path', ({ holds }) => {
    const holding = (file: string) => readFileSync(file, 'utf8').includes(holds)
    expect(chunks.filter((name) => holding(join('out/main/chunks', name))), holds).not.toEqual([])
    expect(files.filter(holding)).toEqual([])
  })
})
