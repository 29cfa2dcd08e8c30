/** The slash-command rules of the composer: when the menu opens, how prompts are filtered, and what a got prompt inserts. */
import { describe, expect, it } from 'vitest'
import type { PromptEntry, SkillView } from '../../src/shared/hostApi'
import { filterPrompts, promptToDraft, skillEntries, slashQuery } from '../../src/renderer/components/chat/slashCommands'

const prompt = (extensionId: string, promptName: string, extra: Partial<PromptEntry> = {}): PromptEntry => ({
  name: `${extensionId}.${promptName}`,
  extensionId,
  promptName,
  arguments: [],
  ...extra,
})

describe('slash commands', () => {
  it('opens only for a / at the start followed by one word', () => {
    expect(slashQuery('/')).toBe('')
    expect(slashQuery('/every')).toBe('every')
    expect(slashQuery('/everything.completable-prompt')).toBe('everything.completable-prompt')
    expect(slashQuery('/cmd and more')).toBeNull()
    expect(slashQuery('hello /cmd')).toBeNull()
    expect(slashQuery('/a\nb')).toBeNull()
  })

  it('filters by command, then title and description, commands starting with the query first', () => {
    const prompts = [
      prompt('everything', 'simple-prompt'),
      prompt('everything', 'completable-prompt', { title: 'Team Management' }),
      prompt('notes', 'summarize', { description: 'Summarize a team meeting' }),
      prompt('comp', 'other'),
    ]
    expect(filterPrompts(prompts, 'comp').map((p) => p.name)).toEqual(['comp.other', 'everything.completable-prompt'])
    expect(filterPrompts(prompts, 'team').map((p) => p.name)).toEqual(['everything.completable-prompt', 'notes.summarize'])
    expect(filterPrompts(prompts, '')).toHaveLength(4)
    expect(filterPrompts(prompts, 'zzz')).toEqual([])
  })

  it('inserts text parts as the message, resources as attachments, and notes what cannot be inserted', () => {
    const inserted = promptToDraft('everything', [
      { role: 'user', content: { type: 'text', text: 'First part' } },
      { role: 'assistant', content: { type: 'text', text: 'An earlier answer' } },
      { role: 'user', content: { type: 'resource', resource: { uri: 'demo://resource/dynamic/text/1', text: 'x' } } },
      { role: 'user', content: { type: 'resource_link', uri: 'demo://doc', name: 'Doc' } },
      { role: 'user', content: { type: 'resource', resource: { uri: 'demo://resource/dynamic/text/1', text: 'again' } } },
      { role: 'user', content: { type: 'image', data: 'AAAA', mimeType: 'image/png' } },
    ])
    expect(inserted.text).toBe('First part\n\n(Assistant) An earlier answer')
    expect(inserted.attachments).toEqual([
      { extensionId: 'everything', uri: 'demo://resource/dynamic/text/1' },
      { extensionId: 'everything', uri: 'demo://doc', name: 'Doc' },
    ])
    expect(inserted.notes).toEqual(['The prompt included an image (image/png), which cannot be put in a message.'])
  })

  it('offers the skills turned on somewhere as /skill:<name>, naming the source, and finds them by name', () => {
    const skill = (name: string, extra: Partial<SkillView>): SkillView => ({
      extensionId: 'skills', extensionName: 'Skills', uri: `skill://personal/${name}/SKILL.md`, name, description: `The ${name} skill`, source: 'personal', sourceLabel: 'Personal (~/.agents/skills)',
      state: 'found', dynamic: false, listTokens: 10, sessions: {}, agents: {}, ...extra,
    })
    const entries = skillEntries([
      skill('pdf-forms', { state: 'enabled' }),
      skill('refunds', { extensionId: 'acme', source: 'server', sourceLabel: 'Server Acme', agents: { writer: true } }),
      skill('found-only', {}),
      skill('shadowed', { state: 'shadowed', shadowedBy: 'x' }),
    ])
    expect(entries.map((entry) => [entry.name, entry.description])).toEqual([
      ['skill:pdf-forms', 'Skill · Personal (~/.agents/skills) — The pdf-forms skill'],
      ['skill:refunds', 'Skill · Server Acme — The refunds skill'],
    ])
    expect(filterPrompts([prompt('everything', 'simple-prompt'), ...entries], 'pdf').map((entry) => entry.name)).toEqual(['skill:pdf-forms'])
    expect(filterPrompts(entries, 'skill:ref').map((entry) => entry.name)).toEqual(['skill:refunds'])
  })
})
