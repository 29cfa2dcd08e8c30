/**
 * Whether a bundle signer's certificate chains to a root this computer trusts: the roots are
 * Node's bundled CA list (tls.rootCertificates, the same Mozilla list Electron's Node ships), the
 * intermediates come from the signature block, and every certificate must be in date now.
 */
import { X509Certificate } from 'node:crypto'
import { rootCertificates } from 'node:tls'
import { Certificate, CertificateChainValidationEngine } from 'pkijs'

export type ChainResult = { trusted: true } | { trusted: false; reason: 'expired' | 'not-yet-valid' | 'untrusted-root'; problem: string }

let rootsBySubject: Map<string, Buffer[]> | undefined

/**
 * Node's trusted roots that could have issued one of `certificates`: those whose subject is one of
 * their issuers. Parsing all ~150 roots with pkijs blocks the host for ~0.4 s, so they are indexed
 * once with Node's native parser and only the candidates become pkijs certificates.
 */
export function systemTrustedRootsFor(certificates: readonly Certificate[]): Certificate[] {
  rootsBySubject ??= rootCertificates.reduce((index, pem) => {
    const root = new X509Certificate(pem)
    index.set(root.subject, [...(index.get(root.subject) ?? []), root.raw])
    return index
  }, new Map<string, Buffer[]>())
  const issuers = new Set(certificates.map((certificate) => new X509Certificate(Buffer.from(certificate.toSchema().toBER(false))).issuer))
  return [...issuers].flatMap((issuer) => rootsBySubject!.get(issuer) ?? []).flatMap((der) => parseCertificate(der) ?? [])
}

/** A DER certificate, or undefined when the bytes are not one. */
export function parseCertificate(der: Uint8Array): Certificate | undefined {
  try {
    // A copy: pkijs wants bytes over a plain ArrayBuffer (a Buffer may sit on a shared pool).
    return Certificate.fromBER(new Uint8Array(der))
  } catch {
    return undefined
  }
}

/** The subject's CN, else O, else undefined: the name the sheet shows as the publisher. */
export function publisherName(certificate: Certificate): string | undefined {
  for (const oid of ['2.5.4.3', '2.5.4.10']) {
    const attribute = certificate.subject.typesAndValues.find((entry) => entry.type === oid)
    const value: unknown = attribute?.value.valueBlock.value
    if (typeof value === 'string' && value.trim()) return value.trim()
  }
  return undefined
}

/** The certificate is self-issued (issuer = subject) and its own key verifies its signature. */
export async function isSelfSigned(certificate: Certificate): Promise<boolean> {
  if (!certificate.subject.isEqual(certificate.issuer)) return false
  try {
    return await certificate.verify()
  } catch {
    return false
  }
}

/** Path building looks up issuers recursively and has no loop guard; crafted cross-signed certificates could loop forever. */
const MAX_ISSUER_LOOKUPS = 64

/**
 * Validates signer ← intermediates ← trusted root at `now` (names, signatures, CA constraints,
 * validity periods). Revocation is not checked: no CRL or OCSP is fetched.
 */
export async function checkChain(signer: Certificate, intermediates: Certificate[], trustedRoots: Certificate[], now: Date): Promise<ChainResult> {
  let lookups = 0
  const engine = new CertificateChainValidationEngine({
    trustedCerts: trustedRoots,
    // The engine takes the last certificate as the end-entity one.
    certs: [...intermediates, signer],
    checkDate: now,
    findIssuer: (certificate, validationEngine, crypto) => (++lookups > MAX_ISSUER_LOOKUPS ? Promise.resolve([]) : validationEngine.defaultFindIssuer(certificate, validationEngine, crypto)),
  })
  let detail: string
  try {
    const result = await engine.verify({ passedWhenNotRevValues: true })
    if (result.result) return { trusted: true }
    detail = result.resultMessage
  } catch (error) {
    detail = (error as { resultMessage?: string }).resultMessage ?? String(error)
  }
  const outOfDate = [signer, ...intermediates].find((certificate) => certificate.notBefore.value > now || certificate.notAfter.value < now)
  if (outOfDate) {
    const name = publisherName(outOfDate) ?? 'a certificate in its chain'
    return outOfDate.notAfter.value < now
      ? { trusted: false, reason: 'expired', problem: `The certificate of "${name}" expired on ${day(outOfDate.notAfter.value)}.` }
      : { trusted: false, reason: 'not-yet-valid', problem: `The certificate of "${name}" is not valid until ${day(outOfDate.notBefore.value)}.` }
  }
  if (/not yet valid or expired/.test(detail)) return { trusted: false, reason: 'expired', problem: 'The root certificate of its chain is out of date.' }
  return { trusted: false, reason: 'untrusted-root', problem: `Its certificate (issued by ${describeIssuer(signer)}) does not lead to a certificate authority this computer trusts.` }
}

const day = (date: Date) => date.toISOString().slice(0, 10)

function describeIssuer(certificate: Certificate): string {
  const entry = certificate.issuer.typesAndValues.find((value) => value.type === '2.5.4.3') ?? certificate.issuer.typesAndValues.find((value) => value.type === '2.5.4.10')
  const value: unknown = entry?.value.valueBlock.value
  return typeof value === 'string' ? `"${value}"` : 'an unnamed issuer'
}
