/** Sets one tool's or extension's policy with `permission_set`, showing the choice until the host reports it. */
import { useHostAction } from '../../hooks/useHostAction'
import { usePendingValue } from '../../hooks/usePendingValue'
import type { PolicyChoice } from './permissionText'

export function usePolicyChange(target: { tool: string } | { extension: string }, actual: PolicyChoice): [PolicyChoice, (next: PolicyChoice) => Promise<void>] {
  const act = useHostAction()
  const [shown, expect, clear] = usePendingValue(actual)
  const change = async (next: PolicyChoice) => {
    expect(next)
    const policy = next === 'default' ? null : next
    if (!(await act('permission_set', { ...target, policy }))) clear()
  }
  return [shown, change]
}
