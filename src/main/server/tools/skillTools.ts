/** The skills app tools: `skill_add`, `skill_remove`, `skill_set_enabled`, `skill_preview`, `skill_read_file` (thin calls into the skill service). */
import type { HostServices } from '../hostServices'
import type { ToolRegistrar } from './resourceTools'

export function registerSkillTools(tool: ToolRegistrar, { skills }: Pick<HostServices, 'skills'>): void {
  tool('skill_add', 'Add skills to the personal folder (~/.agents/skills): from a skill folder or a .zip (`path`), or a new one (`create`). Checked whole first; nothing is half-added.', (input) => skills.add(input))
  tool('skill_remove', 'Remove a personal skill (its folder; for a linked folder, only the link).', ({ extensionId, uri }) => skills.remove(extensionId, uri))
  tool('skill_set_enabled', 'Turn a skill on or off: globally, for one session or for one agent (`id`); `null` clears a session or agent choice. Turning a skill on is the consent to give its text to the model.', (input) => skills.setEnabled(input))
  tool('skill_preview', "A skill's SKILL.md as the model would get it, read and checked against its manifest.", ({ extensionId, uri }) => skills.preview(extensionId, uri))
  tool('skill_read_file', 'One file a skill lists, checked against its manifest.', ({ extensionId, uri, path }) => skills.readFile(extensionId, uri, path))
}
