/**
 * Reads an HTTP response body with a running cap, so a server that sends no `content-length` (a
 * chunked or endless body) cannot make the app hold more than the cap in memory: reading stops at
 * the limit and the body is cancelled, which closes the connection.
 *
 * Hand-written: fetch has no size limit of its own, and raw-body works on Node streams and only
 * pauses the stream at its limit instead of cancelling the web stream fetch returns.
 */

/** The body's bytes, or undefined when it is (or says it is) larger than `maxBytes`. */
export async function readBodyWithin(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > maxBytes) {
    await response.body?.cancel()
    return undefined
  }
  if (!response.body) return new Uint8Array(0)
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/** The body as UTF-8 text (as `response.text()` reads it), or undefined when it is larger than `maxBytes`. */
export async function readTextWithin(response: Response, maxBytes: number): Promise<string | undefined> {
  const bytes = await readBodyWithin(response, maxBytes)
  return bytes === undefined ? undefined : new TextDecoder().decode(bytes)
}
