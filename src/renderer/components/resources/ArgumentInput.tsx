/**
 * The field of one named argument (a prompt's argument, a resource template's variable) whose
 * completion/complete suggestions depend on its name and on the other values typed so far.
 */
import { useCallback, type ComponentProps } from 'react'
import type { Completion } from '../../../shared/hostApi'
import { CompletionInput } from './CompletionInput'

/** Asks the server for suggestions for `argument` given what is typed in it. */
export type ArgumentCompleter = (argument: string, value: string) => Promise<Completion>

type Props = Omit<ComponentProps<typeof CompletionInput>, 'label' | 'complete'> & { name: string; completer: ArgumentCompleter }

export function ArgumentInput({ name, completer, ...field }: Props) {
  // Stable per field and context, so only typing (not every render) asks the server again.
  const complete = useCallback((typed: string) => completer(name, typed), [completer, name])
  return <CompletionInput {...field} label={name} complete={complete} />
}

/** The values of the other arguments, sent along as completion context (empty ones left out). */
export function otherValues(values: Readonly<Record<string, string>>, argument: string): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => name !== argument && value !== ''))
}
