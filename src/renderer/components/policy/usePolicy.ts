/** The organisation's policy as the window last read it (null until read); fed by the policy banner. */
import type { PolicyResource } from '../../../shared/hostApi'
import { usePolicyStore } from '../../stores/policyStore'

export function usePolicy(): PolicyResource | null {
  return usePolicyStore((state) => state.policy)
}
