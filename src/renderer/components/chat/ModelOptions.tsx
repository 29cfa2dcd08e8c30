/** The models of every provider as <optgroup>s of a select; each option's value is a modelChoice value. */
import { choiceValue, type modelGroups } from './modelChoice'

export function ModelOptions({ groups }: { groups: ReturnType<typeof modelGroups> }) {
  return (
    <>
      {groups.map((group) => (
        <optgroup key={group.providerId} label={group.name}>
          {group.models.map((model) => (
            <option key={model} value={choiceValue({ providerId: group.providerId, modelId: model })}>
              {model}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  )
}
