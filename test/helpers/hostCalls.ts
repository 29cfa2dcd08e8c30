/** Talking to a real host as the renderer does: read a resource, call an app tool, wait for a state. */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'

/** Reads a JSON resource and parses it with its hostApi schema. */
export async function read<T>(client: Client, uri: string, schema: { parse(value: unknown): T }): Promise<T> {
  const { contents } = await client.readResource({ uri })
  return schema.parse(JSON.parse((contents[0] as { text: string }).text))
}

/** Calls an app tool; an isError result becomes a thrown Error with the tool's message. */
export async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args })
  if (result.isError) throw new Error((result.content as { text: string }[])[0]?.text)
  return result
}

/** Polls `get` until `ok` holds; fails naming `what` and the last value. */
export async function poll<T>(get: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await get()
    if (ok(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 2000)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
