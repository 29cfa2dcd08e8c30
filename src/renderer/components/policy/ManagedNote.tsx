/** The mark beside a control the organisation's policy manages: the same words the host answers a change with. */
import { MANAGED_LABEL } from '../../../shared/hostApi'
import { LockIcon } from '../icons'

interface Props {
  /** What is managed, e.g. "modes less strict than Ask cannot be chosen". */
  detail?: string
  id?: string
}

export function ManagedNote({ detail, id }: Props) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-300">
      <LockIcon className="mt-px size-3.5 shrink-0" />
      <span>
        <span className="font-medium">{MANAGED_LABEL}</span>
        {detail ? `: ${detail}` : ''}
      </span>
    </p>
  )
}
