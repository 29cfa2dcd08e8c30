import { X509Certificate } from 'node:crypto'
import { rootCertificates } from 'node:tls'
import { describe, expect, it } from 'vitest'
import { parseCertificate, systemTrustedRootsFor } from '../../../../src/main/extensions/bundles/signatureTrust'

const certificateOf = (pem: string) => parseCertificate(new X509Certificate(pem).raw)!
const subjectOf = (certificate: ReturnType<typeof certificateOf>) => new X509Certificate(Buffer.from(certificate.toSchema().toBER(false))).subject

describe("the system's trusted roots for a chain", () => {
  it('are the roots whose subject issued a certificate of the chain, and only those', () => {
    // A root issues itself, so asking for one root's issuer finds exactly the roots with its subject.
    const root = certificateOf(rootCertificates[0]!)
    const found = systemTrustedRootsFor([root])
    expect(found.length).toBeGreaterThanOrEqual(1)
    expect(found.every((candidate) => subjectOf(candidate) === subjectOf(root))).toBe(true)
    const sameSubject = rootCertificates.filter((pem) => new X509Certificate(pem).subject === subjectOf(root))
    expect(found).toHaveLength(sameSubject.length)
  })

  it("are looked up for every certificate of the chain: two roots each find their own", () => {
    const [first, second] = [certificateOf(rootCertificates[0]!), certificateOf(rootCertificates.at(-1)!)]
    const both = systemTrustedRootsFor([first, second]).map(subjectOf)
    expect(new Set(both)).toEqual(new Set([subjectOf(first), subjectOf(second)]))
    expect(systemTrustedRootsFor([])).toEqual([])
  })
})
