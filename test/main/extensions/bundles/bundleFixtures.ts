/** Builds real .mcpb bundles inside tests with yazl: a dependency-free stdio MCP server plus a manifest. */
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import yazl from 'yazl'

/**
 * A tiny MCP server speaking raw JSON-RPC over stdio (no SDK, so the bundle needs no node_modules).
 * Its one tool, `show_launch`, returns what it was started with: argv, cwd and every FIXTURE_* env var.
 */
export const FIXTURE_SERVER = `
const readline = require('node:readline')
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n')
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  let message
  try { message = JSON.parse(line) } catch { return }
  if (message.id === undefined) return
  const reply = (result) => send({ jsonrpc: '2.0', id: message.id, result })
  switch (message.method) {
    case 'initialize':
      return reply({ protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'bundle-fixture', version: '1.0.0' } })
    case 'ping':
      return reply({})
    case 'tools/list':
      return reply({ tools: [{ name: 'show_launch', description: 'Shows how the server was started.', inputSchema: { type: 'object', properties: {} } }] })
    case 'tools/call': {
      const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('FIXTURE_')))
      return reply({ content: [{ type: 'text', text: JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd(), env }) }] })
    }
    default:
      return send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } })
  }
})
`

export interface ZipFile {
  data: string | Buffer
  /** Unix mode with file type bits, e.g. 0o100644, or 0o120777 for a symlink. */
  mode?: number
  /** Store without compression (for exact size tests). */
  store?: boolean
}

/** Zips the files (names as given, '/'-separated). */
export function zip(files: Record<string, string | Buffer | ZipFile>): Promise<Buffer> {
  const archive = new yazl.ZipFile()
  for (const [name, file] of Object.entries(files)) {
    const entry: ZipFile = typeof file === 'string' || Buffer.isBuffer(file) ? { data: file } : file
    archive.addBuffer(Buffer.from(entry.data), name, { mode: entry.mode, compress: !entry.store })
  }
  archive.end()
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    archive.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk))
    archive.outputStream.on('end', () => resolve(Buffer.concat(chunks)))
    archive.outputStream.on('error', reject)
  })
}

/** Replaces every occurrence of a same-length name in a zip (local header and central directory): how tests make names yazl refuses to write. */
export function renameEntry(archive: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('renameEntry needs names of equal length')
  const result = Buffer.from(archive)
  const needle = Buffer.from(from)
  let at = result.indexOf(needle)
  if (at === -1) throw new Error(`${from} is not in the archive`)
  while (at !== -1) {
    Buffer.from(to).copy(result, at)
    at = result.indexOf(needle, at + 1)
  }
  return result
}

/** A manifest for the fixture server; `overrides` replace top-level fields. */
export function fixtureManifest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    manifest_version: '0.3',
    name: 'fixture-bundle',
    display_name: 'Fixture Bundle',
    version: '1.0.0',
    description: 'A test bundle.',
    author: { name: 'Test Author', email: 'author@example.com' },
    server: {
      type: 'node',
      entry_point: 'server/index.js',
      mcp_config: { command: 'node', args: ['${__dirname}/server/index.js'], env: {} },
    },
    tools: [{ name: 'show_launch', description: 'Shows how the server was started.' }],
    ...overrides,
  }
}

/** A whole bundle: manifest, server and any extra files. */
export function fixtureBundle(manifest: Record<string, unknown> = fixtureManifest(), extra: Record<string, string | Buffer | ZipFile> = {}): Promise<Buffer> {
  return zip({ 'manifest.json': JSON.stringify(manifest, null, 2), 'server/index.js': FIXTURE_SERVER, ...extra })
}

/** Appends a signature block around `der` (or any bytes) the way .mcpb signing does. */
export function withSignatureBlock(bundle: Buffer, der: Buffer, lengthOverride?: number): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32LE(lengthOverride ?? der.length)
  return Buffer.concat([bundle, Buffer.from('MCPB_SIG_V1'), length, der, Buffer.from('MCPB_SIG_END')])
}

/** Signs `bundle` for real (openssl cms, detached, DER) with a fresh self-signed certificate for `cn`, made in `dir`. */
export function selfSignBundle(bundle: Buffer, dir: string, cn = 'Self Signer'): Buffer {
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  writeFileSync(join(dir, 'to-sign.zip'), bundle)
  ssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', 'signer.key', '-out', 'signer.pem', '-subj', `/CN=${cn}`, '-days', '2')
  ssl('cms', '-sign', '-binary', '-in', 'to-sign.zip', '-signer', 'signer.pem', '-inkey', 'signer.key', '-outform', 'DER', '-out', 'to-sign.sig')
  return withSignatureBlock(bundle, readFileSync(join(dir, 'to-sign.sig')))
}
