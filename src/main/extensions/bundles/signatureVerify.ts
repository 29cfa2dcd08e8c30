/**
 * Verifies a bundle's signature block (specs §3): the PKCS#7 detached SignedData must sign exactly
 * the ZIP bytes before the block (directly, or through signed attributes carrying their digest), and
 * the signer's certificate must chain to a trusted root to count as `signed`. Never throws on
 * garbage: anything unreadable is `invalid`, which install refuses.
 */
import { X509Certificate } from 'node:crypto'
import * as asn1js from 'asn1js'
import { Certificate, ContentInfo, SignedData } from 'pkijs'
import type { SignatureInfo } from '../../../shared/bundleApi'
import { splitSignature } from './signatureBlock'
import { checkChain, isSelfSigned, parseCertificate, publisherName, systemTrustedRootsFor } from './signatureTrust'

const SIGNED_DATA_OID = '1.2.840.113549.1.7.2'
const DATA_OID = '1.2.840.113549.1.7.1'
/** A signer and its intermediates; more is not a real chain and only costs work. */
const MAX_CERTIFICATES = 10

export interface VerifyOptions {
  /** DER certificates of the trusted roots; Node's bundled CA list when absent (tests pass their own CA). */
  trustedRoots?: readonly Uint8Array[]
  /** When validity periods are checked; now when absent. */
  now?: Date
}

/** Splits off and verifies the signature block of a bundle file. */
export async function readSignature(file: Buffer, options: VerifyOptions = {}): Promise<{ zip: Buffer; signature: SignatureInfo }> {
  const { zip, block } = splitSignature(file)
  switch (block.kind) {
    case 'none':
      return { zip, signature: { status: 'unsigned' } }
    case 'malformed':
      return { zip, signature: invalid(`the signature block is malformed: ${block.problem}`) }
    case 'present':
      return { zip, signature: await verifySignature(block.der, zip, options) }
  }
}

/** Verifies a DER ContentInfo(SignedData) over `content`; never throws. */
export async function verifySignature(der: Uint8Array, content: Uint8Array, options: VerifyOptions = {}): Promise<SignatureInfo> {
  try {
    return await verify(der, content, options)
  } catch (error) {
    return invalid(`the signature block cannot be read (${(error as Error).message || 'malformed data'})`)
  }
}

async function verify(der: Uint8Array, content: Uint8Array, options: VerifyOptions): Promise<SignatureInfo> {
  const parsed = asn1js.fromBER(der)
  if (parsed.offset === -1) return invalid('the signature block is not DER data')
  if (parsed.offset !== der.byteLength) return invalid('the signature block has bytes after its PKCS#7 structure')
  const contentInfo = new ContentInfo({ schema: parsed.result })
  if (contentInfo.contentType !== SIGNED_DATA_OID) return invalid('the signature block is not a PKCS#7 SignedData structure')
  const signedData = new SignedData({ schema: contentInfo.content })
  // Signed content inside the block would be verified instead of the ZIP: only a detached signature counts.
  if (signedData.encapContentInfo.eContent) return invalid('the signature block signs content of its own, not the bundle')
  if (signedData.encapContentInfo.eContentType !== DATA_OID) return invalid('the signature block does not sign plain data')
  if (signedData.signerInfos.length !== 1) return invalid(`the signature block has ${signedData.signerInfos.length} signers; one is expected`)
  const certificates = (signedData.certificates ?? []).filter((entry): entry is Certificate => entry instanceof Certificate)
  if (certificates.length === 0) return invalid('the signature block holds no certificate')
  if (certificates.length > MAX_CERTIFICATES) return invalid(`the signature block holds ${certificates.length} certificates; at most ${MAX_CERTIFICATES} are read`)

  let result: Awaited<ReturnType<SignedData['verify']>> & { signerCertificate?: Certificate | null }
  try {
    // pkijs wants an ArrayBuffer of exactly the signed bytes (a Buffer may share a bigger one).
    const data = content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength) as ArrayBuffer
    result = await signedData.verify({ signer: 0, data, checkChain: false, extendedMode: true })
  } catch (error) {
    return invalid(`the signature does not match the bundle's contents (${(error as { message?: string }).message ?? 'verification failed'})`)
  }
  const signer = result.signerCertificate
  if (!result.signatureVerified || !signer) return invalid("the signature does not match the bundle's contents")

  const fields = signerFields(signer)
  if (await isSelfSigned(signer)) return { status: 'self-signed', ...fields }
  const intermediates = certificates.filter((certificate) => certificate !== signer)
  const chain = await checkChain(signer, intermediates, trustedRoots(options, [signer, ...intermediates]), options.now ?? new Date())
  if (chain.trusted) return { status: 'signed', ...fields }
  return { status: 'untrusted', ...fields, reason: chain.reason, problem: chain.problem }
}

function trustedRoots(options: VerifyOptions, chain: readonly Certificate[]): Certificate[] {
  if (!options.trustedRoots) return systemTrustedRootsFor(chain)
  return options.trustedRoots.flatMap((der) => parseCertificate(der) ?? [])
}

function signerFields(signer: Certificate) {
  const certificate = new X509Certificate(Buffer.from(signer.toSchema().toBER(false)))
  const subject = oneLine(certificate.subject)
  return {
    publisher: publisherName(signer) ?? subject,
    subject,
    issuer: oneLine(certificate.issuer),
    validFrom: certificate.validFrom,
    validTo: certificate.validTo,
    fingerprint256: certificate.fingerprint256,
  }
}

/** Node prints distinguished names one attribute per line. */
function oneLine(name: string): string {
  return name.split('\n').filter(Boolean).join(', ')
}

function invalid(problem: string): SignatureInfo {
  return { status: 'invalid', problem }
}
