/**
 * The optional signature block appended to an .mcpb file after the ZIP:
 * "MCPB_SIG_V1" + uint32LE length + DER PKCS#7 (CMS) detached SignedData + "MCPB_SIG_END".
 * This file only finds the block and checks its framing; signatureVerify.ts checks the signature.
 */

const START = Buffer.from('MCPB_SIG_V1', 'ascii')
const END = Buffer.from('MCPB_SIG_END', 'ascii')
/** A signer certificate plus a few intermediates is a few KiB; a larger length field is garbage. */
export const MAX_SIGNATURE_BYTES = 256 * 1024

export type SignatureBlock = { kind: 'none' } | { kind: 'malformed'; problem: string } | { kind: 'present'; der: Uint8Array }

export interface SplitBundle {
  /** The ZIP without the signature block: exactly the bytes that were signed. */
  zip: Buffer
  block: SignatureBlock
}

/** Splits the signature block off the end of a bundle file; never throws on garbage. */
export function splitSignature(file: Buffer): SplitBundle {
  if (file.length < END.length || !file.subarray(file.length - END.length).equals(END)) return { zip: file, block: { kind: 'none' } }
  const start = file.lastIndexOf(START, file.length - END.length)
  if (start === -1) return { zip: file, block: malformed('it ends with MCPB_SIG_END but has no MCPB_SIG_V1 before it') }
  const lengthAt = start + START.length
  const derAt = lengthAt + 4
  const zip = file.subarray(0, start)
  if (derAt > file.length - END.length) return { zip, block: malformed('the block is too short to hold its length') }
  const length = file.readUInt32LE(lengthAt)
  if (length > MAX_SIGNATURE_BYTES || derAt + length !== file.length - END.length) {
    return { zip, block: malformed(`its length field (${length} bytes) does not match the block`) }
  }
  return { zip, block: { kind: 'present', der: file.subarray(derAt, derAt + length) } }
}

function malformed(problem: string): SignatureBlock {
  return { kind: 'malformed', problem }
}
