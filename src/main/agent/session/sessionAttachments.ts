/**
 * Resources attached to conversations. While a resource is attached to a session it is subscribed
 * (when its server offers subscriptions), and each notifications/resources/updated re-reads it, so
 * the next turn gives the model its current content. Resources that cannot be subscribed are read
 * again at every turn. Detaching, deleting the session, or stopping unsubscribes; one subscription
 * serves every session attaching the same resource, and a reconnected extension is subscribed again.
 */
import type { ImagePart, TextPart } from 'ai'
import type { AttachmentRef, ResourceContent } from '../../../shared/hostApi'
import type { ManagerEvent } from '../../extensions'
import type { ExtensionConnection } from '../../extensions/connection/extensionConnection'
import { log } from '../../log/log'
import { attachmentParts, capResourceContents } from '../resourceContents'
import type { StoredAttachment } from './storedMessage'

type AttachmentConnection = Pick<ExtensionConnection, 'readResource' | 'subscribeResource' | 'unsubscribeResource' | 'offersSubscriptions'>

/** What attachments need from the extension manager. */
export interface AttachmentSource {
  connection(id: string): AttachmentConnection | undefined
  get(id: string): { status: string; sessionCount: number } | undefined
  onChange(listener: (event: ManagerEvent) => void): () => void
}

/** One attachment as the session holds it (also what tests inspect). */
export interface AttachmentState {
  extensionId: string
  uri: string
  name?: string
  /** Subscribed with the extension's session number, so a reconnect subscribes again. */
  subscribed: boolean
  /** Times it was read again because the server said it changed. */
  refreshes: number
  contents?: ResourceContent[]
  error?: string
}

/** What a turn gets from the attachments: the parts for the model, and what to record on the person's message. */
export interface AttachedContext {
  parts: (TextPart | ImagePart)[]
  attachments: StoredAttachment[]
}

export interface SessionAttachments {
  /** Makes `refs` the session's attachments: new ones are subscribed, missing ones detached. */
  set(sessionId: string, refs: readonly AttachmentRef[]): Promise<void>
  /** The model's context for the session's next turn: every attachment, read now unless a subscription keeps it fresh. */
  context(sessionId: string): Promise<AttachedContext>
  list(sessionId: string): AttachmentState[]
  /** Detaches everything of a session (it was deleted). */
  release(sessionId: string): Promise<void>
  stop(): Promise<void>
}

interface Entry extends AttachmentState {
  /** The extension session the cached contents and subscription belong to. */
  session: number
  reading?: Promise<void>
  readAgain: boolean
}

const keyOf = (extensionId: string, uri: string) => `${extensionId}\n${uri}`

export function createSessionAttachments(source: AttachmentSource): SessionAttachments {
  const sessions = new Map<string, Map<string, Entry>>()
  /** Subscription key → the extension session it was made in. */
  const subscriptions = new Map<string, number>()

  const holders = (key: string) => [...sessions.values()].flatMap((entries) => (entries.has(key) ? [entries.get(key)!] : []))

  const read = (entry: Entry): Promise<void> => {
    if (entry.reading) {
      entry.readAgain = true
      return entry.reading
    }
    entry.reading = (async () => {
      const connection = source.connection(entry.extensionId)
      if (!connection) {
        entry.error = `the extension "${entry.extensionId}" is not running`
        return
      }
      try {
        const result = await connection.readResource(entry.uri)
        entry.contents = capResourceContents(result.contents)
        entry.error = undefined
        entry.session = source.get(entry.extensionId)?.sessionCount ?? -1
      } catch (error) {
        entry.error = (error as Error).message
      }
    })().finally(() => {
      entry.reading = undefined
      if (entry.readAgain) {
        entry.readAgain = false
        void read(entry)
      }
    })
    return entry.reading
  }

  const subscribe = async (extensionId: string, uri: string) => {
    const key = keyOf(extensionId, uri)
    const connection = source.connection(extensionId)
    const session = source.get(extensionId)?.sessionCount
    if (!connection?.offersSubscriptions || session === undefined || subscriptions.get(key) === session) return
    subscriptions.set(key, session)
    try {
      await connection.subscribeResource(uri)
      for (const entry of holders(key)) entry.subscribed = true
    } catch (error) {
      subscriptions.delete(key)
      for (const entry of holders(key)) entry.subscribed = false
      log('warn', 'attachments', `could not subscribe to ${uri} of ${extensionId}: ${(error as Error).message}; it is read again at every turn instead`)
    }
  }

  const unsubscribeIfUnused = async (extensionId: string, uri: string) => {
    const key = keyOf(extensionId, uri)
    if (holders(key).length > 0 || !subscriptions.has(key)) return
    const session = subscriptions.get(key)
    subscriptions.delete(key)
    if (source.get(extensionId)?.sessionCount !== session) return
    await source
      .connection(extensionId)
      ?.unsubscribeResource(uri)
      .catch((error: Error) => log('debug', 'attachments', `unsubscribing ${uri} of ${extensionId} failed: ${error.message}`))
  }

  const stopListening = source.onChange((event) => {
    if (event.type === 'resource-updated') {
      for (const entry of holders(keyOf(event.id, event.uri))) {
        entry.refreshes++
        void read(entry)
      }
    } else if (event.type === 'status' && source.get(event.id)?.status === 'ready') {
      // A new extension session has no subscriptions: make them again.
      const uris = new Set([...sessions.values()].flatMap((entries) => [...entries.values()].filter((e) => e.extensionId === event.id).map((e) => e.uri)))
      for (const uri of uris) void subscribe(event.id, uri)
    }
  })

  /** Removes what is not kept at once; the unsubscribes it leads to run after. */
  const detach = (sessionId: string, keep: ReadonlySet<string>): Promise<unknown> => {
    const entries = sessions.get(sessionId)
    if (!entries) return Promise.resolve()
    const gone = [...entries.values()].filter((entry) => !keep.has(keyOf(entry.extensionId, entry.uri)))
    for (const entry of gone) entries.delete(keyOf(entry.extensionId, entry.uri))
    if (entries.size === 0) sessions.delete(sessionId)
    return Promise.all(gone.map((entry) => unsubscribeIfUnused(entry.extensionId, entry.uri)))
  }

  return {
    set(sessionId, refs) {
      // The new set holds as soon as this is called (a turn starting next sees it); subscribing and
      // unsubscribing happen after, and a failure only means reading again at every turn.
      const wanted = new Map(refs.map((ref) => [keyOf(ref.extensionId, ref.uri), ref]))
      const detaching = detach(sessionId, new Set(wanted.keys()))
      const added: Entry[] = []
      if (wanted.size > 0) {
        const entries = sessions.get(sessionId) ?? new Map<string, Entry>()
        sessions.set(sessionId, entries)
        for (const [key, ref] of wanted) {
          if (entries.has(key)) continue
          const entry: Entry = { extensionId: ref.extensionId, uri: ref.uri, name: ref.name, subscribed: false, refreshes: 0, session: -1, readAgain: false }
          entries.set(key, entry)
          added.push(entry)
        }
      }
      const subscribing = added.map(async (entry) => {
        await subscribe(entry.extensionId, entry.uri)
        entry.subscribed = subscriptions.get(keyOf(entry.extensionId, entry.uri)) !== undefined
      })
      return Promise.all([detaching, ...subscribing]).then(() => undefined)
    },
    async context(sessionId) {
      const entries = [...(sessions.get(sessionId)?.values() ?? [])]
      await Promise.all(
        entries.map((entry) => {
          const fresh = entry.subscribed && entry.contents !== undefined && entry.session === source.get(entry.extensionId)?.sessionCount
          return fresh ? entry.reading : read(entry)
        }),
      )
      return {
        parts: entries.flatMap((entry) => attachmentParts(entry.extensionId, entry.uri, entry.contents, entry.error)),
        attachments: entries.map(attachmentRecord),
      }
    },
    list: (sessionId) =>
      [...(sessions.get(sessionId)?.values() ?? [])].map(({ extensionId, uri, name, subscribed, refreshes, contents, error }) => ({ extensionId, uri, name, subscribed, refreshes, contents, error })),
    release: async (sessionId) => void (await detach(sessionId, new Set())),
    async stop() {
      stopListening()
      await Promise.all([...sessions.keys()].map((sessionId) => detach(sessionId, new Set())))
    },
  }
}

/** What the history keeps of an attachment the model got: no content, only what it was and how much text (see StoredAttachmentSchema). */
function attachmentRecord(entry: Entry): StoredAttachment {
  const contents = entry.error === undefined ? (entry.contents ?? []) : []
  const mimeType = contents.find((content) => content.mimeType !== undefined)?.mimeType
  return {
    extensionId: entry.extensionId,
    uri: entry.uri,
    ...(entry.name !== undefined ? { name: entry.name } : {}),
    ...(mimeType !== undefined ? { mimeType } : {}),
    size: contents.reduce((total, content) => total + (content.text?.length ?? 0), 0),
    ...(contents.some((content) => content.truncated) ? { truncated: true } : {}),
    ...(entry.error !== undefined ? { error: entry.error } : {}),
  }
}
