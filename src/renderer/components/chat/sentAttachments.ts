/**
 * What a chip under a sent message says about a resource that was attached to it: its name, what
 * the model got (how much text, or why it got none), and whether it can be opened now — only while
 * its extension is still installed, since the content itself is not kept in the history.
 */
import type { MessageAttachmentView } from '../../../shared/hostApi'
import { provenanceLabel } from '../../../shared/provenanceText'

export interface SentAttachmentChip {
  label: string
  /** The tooltip: where its content came from (provenance: "From Mail — outside content"), the URI, its extension, and what the model got. */
  detail: string
  canOpen: boolean
}

export function sentAttachmentChip(attachment: MessageAttachmentView, installed: ReadonlySet<string> | null): SentAttachmentChip {
  const got =
    attachment.error !== undefined
      ? `the model was told it could not be read (${attachment.error})`
      : attachment.size > 0
        ? `the model got ${attachment.size.toLocaleString('en')} characters of it${attachment.truncated ? ' (cut to the size limit)' : ''}`
        : `the model got it${attachment.mimeType ? ` (${attachment.mimeType})` : ''}`
  // Until the extensions are known (null), offer to open: the preview says so if reading fails.
  const present = installed === null || installed.has(attachment.extensionId)
  const gone = present ? '' : `; the extension "${attachment.extensionId}" is no longer installed, so it cannot be opened`
  const from = provenanceLabel(attachment.provenance)
  return {
    label: attachment.name ?? attachment.uri,
    detail: `${from ? `${from}. ` : ''}${attachment.uri} from ${attachment.extensionId}: ${got}${gone}`,
    canOpen: present,
  }
}
