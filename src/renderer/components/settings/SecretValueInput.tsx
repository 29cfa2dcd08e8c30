/**
 * The one kind of field a secret value is typed into: a password field that browsers and password
 * managers do not fill, remember or spell-check. Its value stays in this component's owner until sent.
 */
import type { InputHTMLAttributes, Ref } from 'react'
import { textInput } from '../ui'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'spellCheck'> & { ref?: Ref<HTMLInputElement> }

export function SecretValueInput({ className, ...props }: Props) {
  return (
    <input
      {...props}
      type="password"
      autoComplete="new-password"
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      className={`${textInput} font-mono placeholder:font-sans ${className ?? ''}`}
    />
  )
}
