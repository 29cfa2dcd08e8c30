/**
 * Reads the parts of an extension's stored config that the details page shows. The host sends the
 * config as an open record (secret references as `${secret:NAME}`, sensitive literals masked), so
 * it is checked here before use; anything unexpected simply is not shown.
 */
import { z } from 'zod'

const StdioView = z.object({
  type: z.literal('stdio'),
  command: z.string(),
  args: z.array(z.string()).catch([]),
  env: z.record(z.string(), z.string()).catch({}),
  cwd: z.string().optional().catch(undefined),
})
const HttpView = z.object({
  type: z.enum(['streamable-http', 'sse']),
  url: z.string(),
  headers: z.record(z.string(), z.string()).catch({}),
})

export type ConfigView = z.infer<typeof StdioView> | z.infer<typeof HttpView> | { type: 'other' }

export function configView(config: Record<string, unknown>): ConfigView {
  const stdio = StdioView.safeParse(config)
  if (stdio.success) return stdio.data
  const http = HttpView.safeParse(config)
  if (http.success) return http.data
  return { type: 'other' }
}

// "$${secret:…}" is the escape for literal text, not a reference.
const REFERENCE = /(\$?)\$\{secret:([^}]*)\}/g

/** How a value is provided, without showing it: from named secrets, hidden by the host, or plain. */
export type ValueSource = { kind: 'secret'; names: string[] } | { kind: 'masked' } | { kind: 'plain' }

export function valueSource(value: string): ValueSource {
  const names = [...value.matchAll(REFERENCE)].filter((match) => match[1] !== '$').map((match) => match[2] ?? '')
  if (names.length > 0) return { kind: 'secret', names }
  if (/^•+$/.test(value)) return { kind: 'masked' }
  return { kind: 'plain' }
}
