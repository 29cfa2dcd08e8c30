/**
 * Just enough DER (ASN.1) reading to find the certificates inside a PKCS#7 SignedData block.
 * Every read is bounds-checked and returns undefined on malformed input instead of throwing,
 * because the bytes come from an untrusted bundle.
 */

/** One DER element: its tag byte, where its content starts and ends, and where the whole element ends. */
export interface DerElement {
  tag: number
  start: number
  contentStart: number
  end: number
}

/** Reads the element at `offset` of `bytes`, staying within `limit`; undefined when malformed. */
export function readElement(bytes: Uint8Array, offset: number, limit = bytes.length): DerElement | undefined {
  if (offset + 2 > limit) return undefined
  const tag = bytes[offset]!
  // High tag numbers (0x1f) never occur in the structures we walk.
  if ((tag & 0x1f) === 0x1f) return undefined
  let lengthByte = bytes[offset + 1]!
  let cursor = offset + 2
  let length: number
  if (lengthByte < 0x80) {
    length = lengthByte
  } else {
    lengthByte &= 0x7f
    // Indefinite lengths (BER) and lengths over 4 bytes are not DER we accept.
    if (lengthByte === 0 || lengthByte > 4 || cursor + lengthByte > limit) return undefined
    length = 0
    for (let index = 0; index < lengthByte; index++) length = length * 256 + bytes[cursor + index]!
    cursor += lengthByte
  }
  const end = cursor + length
  if (end > limit) return undefined
  return { tag, start: offset, contentStart: cursor, end }
}

/** The child elements of a constructed element; undefined when any child is malformed. */
export function children(bytes: Uint8Array, parent: DerElement): DerElement[] | undefined {
  const result: DerElement[] = []
  let offset = parent.contentStart
  while (offset < parent.end) {
    const child = readElement(bytes, offset, parent.end)
    if (!child) return undefined
    result.push(child)
    offset = child.end
  }
  return result
}

/** The dotted form of an OBJECT IDENTIFIER element's content. */
export function objectIdentifier(bytes: Uint8Array, element: DerElement): string | undefined {
  if (element.tag !== 0x06 || element.end === element.contentStart) return undefined
  const parts: number[] = []
  let value = 0
  for (let index = element.contentStart; index < element.end; index++) {
    const byte = bytes[index]!
    value = value * 128 + (byte & 0x7f)
    if ((byte & 0x80) === 0) {
      parts.push(value)
      value = 0
    }
  }
  const first = parts.shift()
  if (first === undefined) return undefined
  const head = first < 80 ? [Math.floor(first / 40), first % 40] : [2, first - 80]
  return [...head, ...parts].join('.')
}
