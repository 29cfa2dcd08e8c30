/**
 * The optional signature appended to an .mcpb file after the ZIP:
 * "MCPB_SIG_V1" + uint32LE length + DER PKCS#7 SignedData + "MCPB_SIG_END".
 * We report who signed it (signed / self-signed / unsigned) from the first certificate in the
 * block. We do not verify the signature over the ZIP, and the sheet says so; a self-signed
 * certificate is recognised by its issuer equalling its subject and its own key verifying it.
 */
import { X509Certificate } from 'node:crypto'
import type { SignatureInfo } from '../../../shared/bundleApi'
import { children, objectIdentifier, readElement } from './derReader'

const START = Buffer.from('MCPB_SIG_V1', 'ascii')
const END = Buffer.from('MCPB_SIG_END', 'ascii')
const SIGNED_DATA_OID = '1.2.840.113549.1.7.2'
/** Far more than any certificate chain; a larger length field is garbage. */
const MAX_SIGNATURE_BYTES = 1024 * 1024

export interface SplitBundle {
  /** The ZIP without the signature block. */
  zip: Buffer
  signature: SignatureInfo
}

/** Splits the signature block off the end of a bundle file; never throws on garbage. */
export function splitSignature(file: Buffer): SplitBundle {
  if (file.length < END.length || !file.subarray(file.length - END.length).equals(END)) {
    return { zip: file, signature: { status: 'unsigned' } }
  }
  const start = file.lastIndexOf(START, file.length - END.length)
  if (start === -1) return { zip: file, signature: invalid('it ends with MCPB_SIG_END but has no MCPB_SIG_V1 before it') }
  const lengthAt = start + START.length
  const derAt = lengthAt + 4
  const zip = file.subarray(0, start)
  if (derAt > file.length - END.length) return { zip, signature: invalid('the block is too short to hold its length') }
  const length = file.readUInt32LE(lengthAt)
  if (length > MAX_SIGNATURE_BYTES || derAt + length !== file.length - END.length) {
    return { zip, signature: invalid(`its length field (${length} bytes) does not match the block`) }
  }
  return { zip, signature: describeSignedData(file.subarray(derAt, derAt + length)) }
}

function invalid(problem: string): SignatureInfo {
  return { status: 'invalid', problem: `invalid signature block: ${problem}` }
}

/** Reads the certificates of a PKCS#7 SignedData and names its signer. */
export function describeSignedData(der: Uint8Array): SignatureInfo {
  const certificates = certificatesOf(der)
  if (!certificates) return invalid('it is not a PKCS#7 SignedData structure')
  if (certificates.length === 0) return invalid('it holds no certificate')
  let certificate: X509Certificate
  try {
    certificate = new X509Certificate(Buffer.from(certificates[0]!))
  } catch {
    return invalid('its certificate cannot be read')
  }
  const selfSigned = certificate.issuer === certificate.subject && verifiesItself(certificate)
  return {
    status: selfSigned ? 'self-signed' : 'signed',
    subject: oneLine(certificate.subject),
    issuer: oneLine(certificate.issuer),
    validFrom: certificate.validFrom,
    validTo: certificate.validTo,
    fingerprint256: certificate.fingerprint256,
  }
}

function verifiesItself(certificate: X509Certificate): boolean {
  try {
    return certificate.verify(certificate.publicKey)
  } catch {
    return false
  }
}

/** Node prints distinguished names one attribute per line. */
function oneLine(name: string): string {
  return name.split('\n').filter(Boolean).join(', ')
}

/**
 * ContentInfo { contentType OID, [0] SignedData { version, digestAlgorithms, encapContentInfo,
 * [0] IMPLICIT certificates, … } }: returns the DER of each certificate, or undefined when the
 * structure is not that.
 */
function certificatesOf(der: Uint8Array): Uint8Array[] | undefined {
  const contentInfo = readElement(der, 0)
  if (!contentInfo || contentInfo.tag !== 0x30) return undefined
  const [type, explicit] = children(der, contentInfo) ?? []
  if (!type || !explicit || objectIdentifier(der, type) !== SIGNED_DATA_OID || explicit.tag !== 0xa0) return undefined
  const signedData = children(der, explicit)?.[0]
  if (!signedData || signedData.tag !== 0x30) return undefined
  const fields = children(der, signedData)
  if (!fields) return undefined
  const certificateSet = fields.find((field) => field.tag === 0xa0)
  if (!certificateSet) return []
  const certificates = children(der, certificateSet)
  return certificates?.filter((element) => element.tag === 0x30).map((element) => der.subarray(element.start, element.end))
}
