/**
 * What counts as outside content (issue 37): a tool result of a tool whose `openWorldHint` is
 * explicitly true, anything from a remote (HTTP) extension, from a connected app, or from an
 * extension the person marked *Brings outside content* on its page. That mark defaults to "yes" for
 * remote extensions and "no" otherwise; the person's choice replaces the default either way. An
 * extension's trust is a separate setting and plays no part here.
 */
import type { OutsideWhy } from '../../shared/provenanceApi'
import type { ToolAnnotations } from './types'

export interface OutsideFacts {
  /** The tool's annotations, when the content is a tool's result. */
  annotations?: ToolAnnotations
  /** The extension is reached over HTTP (streamable HTTP or SSE). */
  remote: boolean
  /** The person's *Brings outside content* choice on the extension's page; undefined = the default. */
  marked?: boolean
}

/** Whether the extension as a whole brings outside content: the person's choice, else whether it is remote. */
export function bringsOutsideContent(remote: boolean, marked: boolean | undefined): boolean {
  return marked ?? remote
}

/** Why content from this source is outside content, or undefined when it is not. */
export function outsideWhy(facts: OutsideFacts): OutsideWhy | undefined {
  if (facts.marked === true) return 'marked'
  if (facts.marked === undefined && facts.remote) return 'remote'
  if (facts.annotations?.openWorldHint === true) return 'open-world'
  return undefined
}
