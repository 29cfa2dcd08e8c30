/** `switchboard://policy` while a view that shows managed controls is open (null until read). */
import { HostResource, PolicyResourceSchema, type PolicyResource } from '../../../shared/hostApi'
import { useHostResource } from '../../hooks/useHostResource'

export function usePolicy(): PolicyResource | null {
  return useHostResource(HostResource.policy, PolicyResourceSchema)
}
