/**
 * Verifying the signature block for real: bundles signed with `openssl cms -sign` (detached, DER)
 * by certificates made here — self-signed, a test CA's leaf (not in Node's roots), a chain through
 * an intermediate, an expired leaf — then tampered with, mangled, or given content of their own.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSignature, verifySignature } from '../../../../src/main/extensions/bundles/signatureVerify'
import { tempDir } from '../../../helpers/tempDir'
import { fixtureBundle, withSignatureBlock } from './bundleFixtures'

let dir: Awaited<ReturnType<typeof tempDir>>
let bundle: Buffer
let testCa: Buffer
const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir.path, stdio: ['ignore', 'pipe', 'pipe'] })
const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
const pemToDer = (name: string) => ssl('x509', '-in', name, '-outform', 'DER')

/** A detached CMS signature of bundle.zip (or `input`) as DER; `extra` adds openssl flags. */
function sign(cert: string, key: string, extra: string[] = [], input = 'bundle.zip'): Buffer {
  const out = `${cert}-${extra.join('')}.sig`
  ssl('cms', '-sign', '-binary', '-in', input, '-signer', cert, '-inkey', key, '-outform', 'DER', '-out', out, ...extra)
  return readFileSync(join(dir.path, out))
}

/** A leaf for `cn` issued by `ca`, valid for `days` (negative: already expired). */
function issue(cn: string, ca: string, days: number, extfile?: string): void {
  ssl('req', '-new', ...ecKey, '-keyout', `${cn}.key`, '-out', `${cn}.csr`, '-subj', `/CN=${cn}`)
  ssl('x509', '-req', '-in', `${cn}.csr`, '-CA', `${ca}.pem`, '-CAkey', `${ca}.key`, '-CAcreateserial', '-out', `${cn}.pem`, '-days', String(days), ...(extfile ? ['-extfile', extfile] : []))
}

beforeAll(async () => {
  dir = await tempDir()
  bundle = await fixtureBundle()
  writeFileSync(join(dir.path, 'bundle.zip'), bundle)
  writeFileSync(join(dir.path, 'other.txt'), 'not the bundle')
  writeFileSync(join(dir.path, 'intermediate.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n')
  ssl('req', '-x509', ...ecKey, '-keyout', 'self.key', '-out', 'self.pem', '-subj', '/CN=Self Signer', '-days', '2')
  ssl('req', '-x509', ...ecKey, '-keyout', 'TestCA.key', '-out', 'TestCA.pem', '-subj', '/O=Switchboard Tests/CN=Test CA', '-days', '2')
  issue('Bundle Publisher', 'TestCA', 2)
  issue('Expired Publisher', 'TestCA', -1)
  issue('Intermediate', 'TestCA', 2, 'intermediate.ext')
  issue('Chained Publisher', 'Intermediate', 2)
  testCa = pemToDer('TestCA.pem')
}, 60_000)
afterAll(() => dir.remove())

const flipByteIn = (file: Buffer, at: number) => {
  const copy = Buffer.from(file)
  copy[at] = copy[at]! ^ 0x01
  return copy
}

describe('readSignature', () => {
  it('reports a bundle without a block as unsigned and keeps the ZIP whole', async () => {
    const { zip, signature } = await readSignature(bundle)
    expect(signature).toEqual({ status: 'unsigned' })
    expect(zip.equals(bundle)).toBe(true)
  })

  it('verifies a self-signed signature, with signed attributes and without, and strips the block', async () => {
    for (const extra of [[], ['-noattr']]) {
      const { zip, signature } = await readSignature(withSignatureBlock(bundle, sign('self.pem', 'self.key', extra)))
      expect(signature).toMatchObject({ status: 'self-signed', publisher: 'Self Signer', subject: 'CN=Self Signer', issuer: 'CN=Self Signer' })
      expect(zip.equals(bundle)).toBe(true)
    }
  })

  it("reports a valid signature whose CA is not in Node's trusted roots as untrusted, naming the issuer", async () => {
    const { signature } = await readSignature(withSignatureBlock(bundle, sign('Bundle Publisher.pem', 'Bundle Publisher.key')))
    expect(signature).toMatchObject({ status: 'untrusted', reason: 'untrusted-root', publisher: 'Bundle Publisher', issuer: 'O=Switchboard Tests, CN=Test CA' })
    expect(signature.status === 'untrusted' && signature.problem).toMatch(/issued by "Test CA"\) does not lead to a certificate authority this computer trusts/)
  })

  it('reports signed, naming the publisher, when the test CA is injected as the trusted root', async () => {
    const { signature } = await readSignature(withSignatureBlock(bundle, sign('Bundle Publisher.pem', 'Bundle Publisher.key')), { trustedRoots: [testCa] })
    expect(signature).toMatchObject({ status: 'signed', publisher: 'Bundle Publisher', subject: 'CN=Bundle Publisher' })
  })

  it('follows an intermediate carried in the block to the injected test CA root', async () => {
    const signed = withSignatureBlock(bundle, sign('Chained Publisher.pem', 'Chained Publisher.key', ['-certfile', 'Intermediate.pem']))
    expect((await readSignature(signed, { trustedRoots: [testCa] })).signature).toMatchObject({ status: 'signed', publisher: 'Chained Publisher' })
    // Without the intermediate the chain breaks.
    const bare = withSignatureBlock(bundle, sign('Chained Publisher.pem', 'Chained Publisher.key'))
    expect((await readSignature(bare, { trustedRoots: [testCa] })).signature).toMatchObject({ status: 'untrusted', reason: 'untrusted-root' })
  })

  it('reports an expired signer certificate as untrusted with the date, even under the injected test CA', async () => {
    const { signature } = await readSignature(withSignatureBlock(bundle, sign('Expired Publisher.pem', 'Expired Publisher.key')), { trustedRoots: [testCa] })
    expect(signature).toMatchObject({ status: 'untrusted', reason: 'expired', publisher: 'Expired Publisher' })
    expect(signature.status === 'untrusted' && signature.problem).toMatch(/^The certificate of "Expired Publisher" expired on \d{4}-\d{2}-\d{2}\.$/)
  })

  it('reports a certificate used before its validity period as not yet valid', async () => {
    const past = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000)
    const { signature } = await readSignature(withSignatureBlock(bundle, sign('Bundle Publisher.pem', 'Bundle Publisher.key')), { trustedRoots: [testCa], now: past })
    expect(signature).toMatchObject({ status: 'untrusted', reason: 'not-yet-valid' })
  })

  it('reports a bundle changed after signing as invalid, for a byte flipped anywhere in the ZIP', async () => {
    for (const extra of [[], ['-noattr']]) {
      const signed = withSignatureBlock(bundle, sign('Bundle Publisher.pem', 'Bundle Publisher.key', extra))
      for (const at of [0, Math.floor(bundle.length / 2), bundle.length - 1]) {
        const { signature } = await readSignature(flipByteIn(signed, at), { trustedRoots: [testCa] })
        expect(signature.status).toBe('invalid')
        expect(signature.status === 'invalid' && signature.problem).toMatch(/the signature does not match the bundle's contents/)
      }
    }
  })

  it("refuses a block that carries signed content of its own instead of signing the bundle", async () => {
    const attached = sign('self.pem', 'self.key', ['-nodetach'], 'other.txt')
    const { signature } = await readSignature(withSignatureBlock(bundle, attached))
    expect(signature).toEqual({ status: 'invalid', problem: 'the signature block signs content of its own, not the bundle' })
  })

  it('refuses a block with two signers', async () => {
    const twice = sign('self.pem', 'self.key', ['-signer', 'Bundle Publisher.pem', '-inkey', 'Bundle Publisher.key'])
    const { signature } = await readSignature(withSignatureBlock(bundle, twice))
    expect(signature).toEqual({ status: 'invalid', problem: 'the signature block has 2 signers; one is expected' })
  })

  it('reports garbage and broken framing as invalid and never throws', async () => {
    const cases = [
      withSignatureBlock(bundle, Buffer.from('not DER at all')),
      withSignatureBlock(bundle, Buffer.from([0x30, 0x84, 0xff, 0xff, 0xff, 0xff])),
      withSignatureBlock(bundle, Buffer.from([0x30, 0x03, 0x02, 0x01, 0x07])),
      withSignatureBlock(bundle, Buffer.concat([sign('self.pem', 'self.key'), Buffer.from([0])])),
      withSignatureBlock(bundle, Buffer.alloc(0)),
      withSignatureBlock(bundle, Buffer.from('abc'), 999_999),
      Buffer.concat([bundle, Buffer.from('MCPB_SIG_END')]),
    ]
    for (const file of cases) {
      const { signature } = await readSignature(file)
      expect(signature.status).toBe('invalid')
    }
  })

  it('survives random bytes inside a real signature without throwing', async () => {
    const signed = sign('Chained Publisher.pem', 'Chained Publisher.key', ['-certfile', 'Intermediate.pem'])
    const statuses = new Set<string>()
    for (let round = 0; round < 150; round++) {
      const damaged = Buffer.from(signed)
      const at = Math.floor(Math.random() * damaged.length)
      damaged[at] = damaged[at]! ^ (1 + Math.floor(Math.random() * 255))
      const signature = await verifySignature(damaged, bundle, { trustedRoots: [testCa] })
      statuses.add(signature.status)
    }
    expect([...statuses].every((status) => ['invalid', 'untrusted', 'signed'].includes(status))).toBe(true)
    expect(statuses.has('invalid')).toBe(true)
  })
})
