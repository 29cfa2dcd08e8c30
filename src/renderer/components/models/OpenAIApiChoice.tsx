/** For an OpenAI provider: which OpenAI API it calls (a native radio group: Tab to it, arrows to choose). */
import type { OpenAIApi } from '../../../shared/hostApi'
import { GlobeIcon } from '../icons'
import { cardIconClass, RadioCard } from '../RadioCard'

const CHOICES: { value: OpenAIApi; title: string; hint: string }[] = [
  { value: 'responses', title: 'Responses API', hint: 'OpenAI’s newer API (/responses); recommended.' },
  { value: 'chat-completions', title: 'Chat Completions', hint: 'The older /chat/completions, e.g. for a proxy that speaks only that.' },
]

export function OpenAIApiChoice({ id, value, onChange, disabled }: { id: string; value: OpenAIApi; onChange: (api: OpenAIApi) => void; disabled?: boolean }) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-xs font-medium text-zinc-700 dark:text-zinc-300">API</legend>
      <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
        {CHOICES.map((choice) => (
          <RadioCard
            key={choice.value}
            group={`${id}-api`}
            value={choice.value}
            checked={value === choice.value}
            onSelect={() => onChange(choice.value)}
            marker={<GlobeIcon className={cardIconClass(value === choice.value)} />}
            title={choice.title}
            hint={choice.hint}
          />
        ))}
      </div>
    </fieldset>
  )
}
