/**
 * Prompts as slash commands: when the draft is a `/` followed by one word, the prompts of every
 * extension are offered (`/<extension>.<prompt>`), filtered by that word; a chosen prompt's messages
 * become the draft. Pure, so the rules are tested without a window.
 */
import type { AttachmentRef, PromptEntry, PromptMessage, SkillView } from '../../../shared/hostApi'

/** Skills in the menu: `/skill:<name>`, the source first in the description (a server's skill never looks local). */
export const SKILL_COMMAND = 'skill:'

/** The skills the person turned on somewhere, as menu entries; choosing one puts `/skill:<name> ` in the draft. */
export function skillEntries(skills: readonly SkillView[]): PromptEntry[] {
  return skills
    .filter((skill) => skill.state === 'enabled' || Object.values(skill.sessions).includes(true) || Object.values(skill.agents).includes(true))
    .map((skill) => ({ name: `${SKILL_COMMAND}${skill.name}`, extensionId: skill.extensionId, promptName: skill.name, description: `Skill · ${skill.sourceLabel} — ${skill.description}`, arguments: [] }))
}

/** The filter typed after `/`, or null when the draft is not a slash command being typed. */
export function slashQuery(draft: string): string | null {
  const match = /^\/(\S*)$/.exec(draft)
  return match ? match[1]! : null
}

/** Prompts whose command, title or description contains the query; commands starting with it first. */
export function filterPrompts(prompts: readonly PromptEntry[], query: string): PromptEntry[] {
  const q = query.toLowerCase()
  const score = (prompt: PromptEntry) => {
    const name = prompt.name.toLowerCase()
    if (name.startsWith(q) || prompt.promptName.toLowerCase().startsWith(q)) return 0
    if (name.includes(q)) return 1
    if ((prompt.title ?? '').toLowerCase().includes(q) || (prompt.description ?? '').toLowerCase().includes(q)) return 2
    return -1
  }
  return prompts
    .map((prompt) => ({ prompt, rank: score(prompt) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.prompt.name.localeCompare(b.prompt.name))
    .map(({ prompt }) => prompt)
}

export interface InsertedPrompt {
  /** The message text: the text parts in order, blank lines between; assistant parts are marked. */
  text: string
  /** Resources the prompt carried (embedded or linked), to be attached to the message. */
  attachments: AttachmentRef[]
  /** What could not be put in the message (images, audio), in words. */
  notes: string[]
}

/** What a got prompt puts in the composer. Content is untrusted: only known shapes are used. */
export function promptToDraft(extensionId: string, messages: readonly PromptMessage[]): InsertedPrompt {
  const texts: string[] = []
  const attachments: AttachmentRef[] = []
  const notes: string[] = []
  for (const { role, content } of messages) {
    const field = (name: string) => (typeof content[name] === 'string' ? (content[name] as string) : undefined)
    switch (content.type) {
      case 'text': {
        const text = field('text') ?? ''
        texts.push(role === 'assistant' ? `(Assistant) ${text}` : text)
        break
      }
      case 'resource': {
        const uri = (content.resource as { uri?: unknown } | undefined)?.uri
        if (typeof uri === 'string') attachments.push({ extensionId, uri })
        break
      }
      case 'resource_link': {
        const uri = field('uri')
        if (uri) attachments.push({ extensionId, uri, ...(field('name') ? { name: field('name') } : {}) })
        break
      }
      case 'image':
      case 'audio':
        notes.push(`The prompt included ${content.type === 'image' ? 'an image' : 'audio'} (${field('mimeType') ?? 'unknown type'}), which cannot be put in a message.`)
        break
      default:
        notes.push(`The prompt included content of type "${String(content.type)}", which was left out.`)
    }
  }
  const unique = attachments.filter((ref, index) => attachments.findIndex((other) => other.uri === ref.uri) === index)
  return { text: texts.join('\n\n'), attachments: unique, notes }
}
