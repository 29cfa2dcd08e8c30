/** A provider's model as one value of a <select>, and back. */
import type { ModelsResource } from '../../../shared/hostApi'

export interface ModelChoice {
  providerId: string
  modelId: string
}

export const choiceValue = (choice: ModelChoice): string => JSON.stringify([choice.providerId, choice.modelId])

export function parseChoice(value: string): ModelChoice | undefined {
  try {
    const parsed: unknown = JSON.parse(value)
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && typeof parsed[1] === 'string') return { providerId: parsed[0], modelId: parsed[1] }
  } catch {
    // not one of ours
  }
  return undefined
}

/** Every provider with at least one model, and the selected model even when its provider no longer lists it. */
export function modelGroups(models: ModelsResource): { providerId: string; name: string; models: string[] }[] {
  const groups = models.providers.filter((provider) => provider.models.length > 0).map((provider) => ({ providerId: provider.id, name: provider.name, models: [...provider.models] }))
  const selected = models.selected
  if (selected) {
    const group = groups.find((candidate) => candidate.providerId === selected.providerId)
    if (group && !group.models.includes(selected.modelId)) group.models.unshift(selected.modelId)
    if (!group) groups.push({ providerId: selected.providerId, name: selected.providerId, models: [selected.modelId] })
  }
  return groups
}
