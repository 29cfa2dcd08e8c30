/** Framing of the signature block after the ZIP: found, absent, or malformed; never a throw. */
import { describe, expect, it } from 'vitest'
import { MAX_SIGNATURE_BYTES, splitSignature } from '../../../../src/main/extensions/bundles/signatureBlock'
import { fixtureBundle, withSignatureBlock } from './bundleFixtures'

describe('splitSignature', () => {
  it('finds no block in a plain ZIP and keeps the ZIP whole', async () => {
    const bundle = await fixtureBundle()
    const split = splitSignature(bundle)
    expect(split.block).toEqual({ kind: 'none' })
    expect(split.zip.equals(bundle)).toBe(true)
  })

  it('strips a well-framed block and returns its DER bytes', async () => {
    const bundle = await fixtureBundle()
    const der = Buffer.from([0x30, 0x03, 0x02, 0x01, 0x07])
    const split = splitSignature(withSignatureBlock(bundle, der))
    expect(split.zip.equals(bundle)).toBe(true)
    expect(split.block.kind === 'present' && Buffer.from(split.block.der).equals(der)).toBe(true)
  })

  it('reports broken framing as malformed', async () => {
    const bundle = await fixtureBundle()
    const cases: [Buffer, RegExp][] = [
      [withSignatureBlock(bundle, Buffer.from('abc'), 999_999), /length field \(999999 bytes\)/],
      [withSignatureBlock(bundle, Buffer.alloc(MAX_SIGNATURE_BYTES + 1)), /length field/],
      [Buffer.concat([bundle, Buffer.from('MCPB_SIG_END')]), /no MCPB_SIG_V1 before it/],
      [Buffer.concat([bundle, Buffer.from('MCPB_SIG_V1'), Buffer.from('MCPB_SIG_END')]), /too short to hold its length/],
    ]
    for (const [file, problem] of cases) {
      const { block } = splitSignature(file)
      expect(block.kind).toBe('malformed')
      expect(block.kind === 'malformed' && block.problem).toMatch(problem)
    }
  })
})
