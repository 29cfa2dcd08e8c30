/** The program's arguments, one per line, with the list as the program will receive it. */
import { FormField } from './FormField'
import { splitArgs } from './extensionForm'

interface Props {
  inputProps: { id: string; disabled: boolean; 'aria-invalid'?: boolean; 'aria-describedby': string; spellCheck: boolean; autoCapitalize: string }
  value: string
  problem?: string
  onChange: (value: string) => void
}

export function ArgsField({ inputProps, value, problem, onChange }: Props) {
  const args = splitArgs(value)
  return (
    <FormField
      id={inputProps.id}
      label="Arguments"
      optional
      problem={problem}
      hint="One per line, exactly as the program should get it: no quotes, spaces stay part of the argument."
    >
      <textarea
        {...inputProps}
        value={value}
        rows={Math.min(8, Math.max(3, value.split('\n').length + 1))}
        placeholder={'-y\n@modelcontextprotocol/server-github'}
        onChange={(event) => onChange(event.target.value)}
        className={
          'block w-full resize-y rounded-md border border-zinc-300 bg-white px-2.5 py-2 font-mono text-sm text-zinc-900 shadow-xs placeholder:font-sans ' +
          'placeholder:text-zinc-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/25 focus-visible:outline-none ' +
          'aria-[invalid=true]:border-red-500 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 ' +
          'dark:placeholder:text-zinc-500 dark:focus:border-indigo-400'
        }
      />
      {args.length > 0 && (
        <ol aria-label="Arguments as the program gets them" className="mt-2 flex flex-wrap gap-1.5">
          {args.map((arg, index) => (
            <li key={index} className="inline-flex max-w-full items-baseline gap-1 rounded bg-zinc-100 px-1.5 py-0.5 text-xs dark:bg-zinc-800">
              <span className="text-[10px] text-zinc-400 tabular-nums dark:text-zinc-500">{index + 1}</span>
              <code className="font-mono wrap-anywhere text-zinc-800 dark:text-zinc-200">{arg}</code>
            </li>
          ))}
        </ol>
      )}
    </FormField>
  )
}
