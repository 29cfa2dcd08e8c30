/**
 * A host resource that only one open view needs (an extension's log): subscribed while the view is
 * mounted, re-read on every update, unsubscribed when it closes. Null until the first read.
 */
import { useEffect, useState } from 'react'
import type { z } from 'zod'
import { useHostClient } from '../mcp/hostContext'

export function useHostResource<T>(uri: string, schema: z.ZodType<T>): T | null {
  const client = useHostClient()
  const [value, setValue] = useState<{ uri: string; value: T } | null>(null)
  useEffect(() => client.subscribe(uri, schema, (next) => setValue({ uri, value: next })), [client, uri, schema])
  // A value read for another uri (the view switched extensions) is not shown.
  return value?.uri === uri ? value.value : null
}
