/**
 * App tools for resources and prompts: the extension page's resource browser (list, read, complete
 * template variables), the composer's slash commands (list, get and complete prompts), and the
 * resources attached to a conversation. Protocol details stay in the extension connection.
 */
import { promptCommandName, splitPromptCommand, type HostToolArgs, type HostToolName, type HostToolResult, type PromptMessage } from '../../../shared/hostApi'
import { capResourceContents } from '../../agent'
import type { HostServices } from '../hostServices'

/** hostTools' `tool(...)`: registers an app tool whose structured result is its JSON. */
export type ToolRegistrar = <N extends HostToolName>(name: N, description: string, run: (args: HostToolArgs<N>) => Promise<HostToolResult<N>>) => void

/** At most this many completion values go back (the spec caps a response at 100). */
const MAX_COMPLETIONS = 100

export function registerResourceTools(tool: ToolRegistrar, { extensions, attachments }: Pick<HostServices, 'extensions' | 'attachments'>): void {
  const { manager, cache } = extensions.core

  const connectionOf = (extensionId: string) => {
    const config = manager.config(extensionId)
    if (!config) throw new Error(`No extension with id "${extensionId}" is installed; reload the list and try again.`)
    const connection = manager.connection(extensionId)
    if (!connection) throw new Error(`"${config.name}" is not running, so its resources and prompts cannot be reached. Enable or restart it in Settings → Extensions, then try again.`)
    return connection
  }
  const promptOf = (name: string) => {
    const parts = splitPromptCommand(name)
    const prompt = parts && cache.catalog().prompts.find((p) => p.extensionId === parts.extensionId && p.promptName === parts.promptName)
    if (!prompt) throw new Error(`There is no prompt "${name}" (any more); type / again to see the prompts extensions offer now.`)
    return prompt
  }
  const completion = (result: { completion: { values: string[]; total?: number; hasMore?: boolean } }) => {
    const { values, total, hasMore } = result.completion
    return { values: values.slice(0, MAX_COMPLETIONS), ...(total !== undefined ? { total } : {}), ...(hasMore !== undefined ? { hasMore } : {}) }
  }

  tool('resource_list', "An extension's resources and resource templates.", async ({ extensionId }) => {
    if (!manager.config(extensionId)) throw new Error(`No extension with id "${extensionId}" is installed; reload the list and try again.`)
    const catalog = cache.catalog()
    return {
      extensionId,
      resources: catalog.resources.filter((r) => r.extensionId === extensionId).map(({ uri, name, title, description, mimeType, size }) => ({ uri, name, title, description, mimeType, size })),
      templates: catalog.resourceTemplates
        .filter((t) => t.extensionId === extensionId)
        .map(({ uriTemplate, name, title, description, mimeType }) => ({ uriTemplate, name, title, description, mimeType })),
    }
  })
  tool('resource_read', 'Read a resource of an extension (large text is cut with a marker; large blobs are described, not sent).', async ({ extensionId, uri }) => {
    const result = await connectionOf(extensionId).readResource(uri)
    return { extensionId, uri, contents: capResourceContents(result.contents) }
  })
  tool('resource_complete', 'Suggestions for one variable of a resource template (completion/complete).', async ({ extensionId, template, argument, value, context }) => {
    const connection = connectionOf(extensionId)
    if (!connection.offersCompletions) return { values: [] }
    return completion(await connection.complete({ type: 'ref/resource', uri: template }, { name: argument, value }, context))
  })
  tool('prompt_list', 'The prompts of every ready extension, named <extension>.<prompt>.', async () => ({
    prompts: cache.catalog().prompts.map((prompt) => ({
      name: promptCommandName(prompt.extensionId, prompt.promptName),
      extensionId: prompt.extensionId,
      promptName: prompt.promptName,
      title: prompt.title,
      description: prompt.description,
      arguments: (prompt.arguments ?? []).map(({ name, description, required }) => ({ name, description, required })),
    })),
  }))
  tool('prompt_get', "Get a prompt's messages with its arguments filled in.", async ({ name, arguments: args }) => {
    const prompt = promptOf(name)
    const missing = (prompt.arguments ?? []).filter((arg) => arg.required && !args?.[arg.name]?.trim()).map((arg) => arg.name)
    if (missing.length > 0) throw new Error(`Fill in ${missing.map((m) => `"${m}"`).join(', ')}: the prompt needs ${missing.length === 1 ? 'it' : 'them'}.`)
    const result = await connectionOf(prompt.extensionId).getPrompt(prompt.promptName, args ?? {})
    return { name, description: result.description, messages: result.messages.map((message) => ({ role: message.role, content: { ...message.content } }) satisfies PromptMessage) }
  })
  tool('prompt_complete', 'Suggestions for one argument of a prompt (completion/complete).', async ({ name, argument, value, context }) => {
    const prompt = promptOf(name)
    const connection = connectionOf(prompt.extensionId)
    if (!connection.offersCompletions) return { values: [] }
    return completion(await connection.complete({ type: 'ref/prompt', name: prompt.promptName }, { name: argument, value }, context))
  })
  tool('chat_attachments_set', "Set the resources attached to a conversation; detached ones are unsubscribed.", async ({ sessionId, attachments: refs }) => {
    await attachments.set(sessionId, refs)
    return { sessionId, attached: attachments.list(sessionId).length }
  })
}
