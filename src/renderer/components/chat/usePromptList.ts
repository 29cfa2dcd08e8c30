/** The prompts of every extension (prompt_list), asked for while the slash menu is open and again when the catalog changes (prompts/list_changed). */
import { useEffect, useState } from 'react'
import { SKILLS_URI, SkillsResourceSchema, type PromptEntry } from '../../../shared/hostApi'
import { skillEntries } from './slashCommands'
import { errorMessage } from '../../mcp/errorText'
import { useHostClient } from '../../mcp/hostContext'
import { useCatalogStore } from '../../stores/catalogStore'

export type PromptListState = { status: 'loading' } | { status: 'done'; prompts: PromptEntry[] } | { status: 'error'; message: string }

export function usePromptList(enabled: boolean): PromptListState {
  const client = useHostClient()
  const version = useCatalogStore((state) => state.catalog?.version)
  const [state, setState] = useState<{ version: number | undefined; value: PromptListState } | null>(null)
  useEffect(() => {
    if (!enabled) return
    let current = true
    // The skills turned on come after the prompts; without the skills resource, the prompts alone.
    const skills = client.read(SKILLS_URI, SkillsResourceSchema).then((view) => skillEntries(view.skills), () => [])
    Promise.all([client.call('prompt_list', {}), skills]).then(
      ([{ prompts }, fromSkills]) => current && setState({ version, value: { status: 'done', prompts: [...prompts, ...fromSkills] } }),
      (error: unknown) => current && setState({ version, value: { status: 'error', message: errorMessage(error) } }),
    )
    return () => {
      current = false
    }
  }, [client, enabled, version])
  // An older list stays shown while the new one comes.
  return state?.value ?? { status: 'loading' }
}
