/** The signature block after the ZIP: unsigned, self-signed, CA-signed (certificates made with openssl), and garbage. */
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeSignedData, splitSignature } from '../../../../src/main/extensions/bundles/signatureBlock'
import { tempDir } from '../../../helpers/tempDir'
import { fixtureBundle, withSignatureBlock } from './bundleFixtures'

let dir: Awaited<ReturnType<typeof tempDir>>
let bundle: Buffer
const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir.path, stdio: ['ignore', 'pipe', 'pipe'] })
const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']

/** A detached CMS (PKCS#7) signature of the bundle by `cert`/`key`, as DER. */
function sign(cert: string, key: string): Buffer {
  ssl('cms', '-sign', '-binary', '-in', 'bundle.zip', '-signer', cert, '-inkey', key, '-outform', 'DER', '-out', `${cert}.sig`)
  return readFileSync(join(dir.path, `${cert}.sig`))
}

beforeAll(async () => {
  dir = await tempDir()
  bundle = await fixtureBundle()
  writeFileSync(join(dir.path, 'bundle.zip'), bundle)
  ssl('req', '-x509', ...ecKey, '-keyout', 'self.key', '-out', 'self.pem', '-subj', '/CN=Self Signer', '-days', '2')
  ssl('req', '-x509', ...ecKey, '-keyout', 'ca.key', '-out', 'ca.pem', '-subj', '/CN=Test CA', '-days', '2')
  ssl('req', '-new', ...ecKey, '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=Bundle Publisher')
  ssl('x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'leaf.pem', '-days', '2')
})
afterAll(() => dir.remove())

describe('splitSignature', () => {
  it('reports a bundle without a block as unsigned and keeps the ZIP whole', () => {
    const split = splitSignature(bundle)
    expect(split.signature).toEqual({ status: 'unsigned' })
    expect(split.zip.equals(bundle)).toBe(true)
  })

  it('recognises a self-signed certificate and strips the block', () => {
    const split = splitSignature(withSignatureBlock(bundle, sign('self.pem', 'self.key')))
    expect(split.signature).toMatchObject({ status: 'self-signed', subject: 'CN=Self Signer', issuer: 'CN=Self Signer' })
    expect(split.zip.equals(bundle)).toBe(true)
  })

  it('reports a certificate issued by someone else as signed, naming subject and issuer', () => {
    const split = splitSignature(withSignatureBlock(bundle, sign('leaf.pem', 'leaf.key')))
    expect(split.signature).toMatchObject({ status: 'signed', subject: 'CN=Bundle Publisher', issuer: 'CN=Test CA' })
    expect(split.zip.equals(bundle)).toBe(true)
  })

  it('reports garbage as an invalid signature block and never throws', () => {
    const cases = [
      withSignatureBlock(bundle, Buffer.from('not DER at all')),
      withSignatureBlock(bundle, Buffer.from([0x30, 0x84, 0xff, 0xff, 0xff, 0xff])),
      withSignatureBlock(bundle, Buffer.from('abc'), 999_999),
      withSignatureBlock(bundle, Buffer.alloc(0)),
      Buffer.concat([bundle, Buffer.from('MCPB_SIG_END')]),
      Buffer.concat([bundle, Buffer.from('MCPB_SIG_V1'), Buffer.from('MCPB_SIG_END')]),
    ]
    for (const file of cases) {
      const { signature } = splitSignature(file)
      expect(signature.status).toBe('invalid')
      expect(signature.status === 'invalid' && signature.problem).toMatch(/^invalid signature block: /)
    }
  })

  it('survives random bytes inside a well-framed block', () => {
    const signed = sign('self.pem', 'self.key')
    for (let round = 0; round < 200; round++) {
      const damaged = Buffer.from(signed)
      const at = Math.floor(Math.random() * damaged.length)
      damaged[at] = damaged[at]! ^ (1 + Math.floor(Math.random() * 255))
      expect(() => describeSignedData(damaged)).not.toThrow()
    }
  })
})
