/** Words for secrets: where each one is used, and what is wrong with a name before it is sent. */
import type { SecretUse } from '../../../shared/hostApi'
import { MAX_SECRET_NAME_LENGTH, MAX_SECRET_VALUE_LENGTH, SECRET_NAME_CHARACTER, SECRET_NAME_PATTERN } from '../../../shared/secretRules'

// The host checks the same shared rule; checking here too lets the person see the problem before sending.
export { MAX_SECRET_NAME_LENGTH, MAX_SECRET_VALUE_LENGTH }

/** What is wrong with `name` as a secret name, in words; undefined when it is valid. */
export function secretNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'Enter a name.'
  if (name.length > MAX_SECRET_NAME_LENGTH) return `Use at most ${MAX_SECRET_NAME_LENGTH} characters (this name has ${name.length}).`
  if (!/^[A-Za-z0-9]/.test(name)) return 'Start with a letter or a digit.'
  if (!SECRET_NAME_PATTERN.test(name)) {
    const bad = [...name].find((character) => !SECRET_NAME_CHARACTER.test(character)) ?? ''
    const shown = bad === ' ' ? 'spaces' : `“${bad}”`
    return `Use only letters, digits and . _ - : / @ (no ${shown}).`
  }
  return undefined
}

const providerNames: Record<string, string> = {
  anthropic: 'Anthropic',
  openai: 'OpenAI',
  ollama: 'Ollama',
  google: 'Google',
  gemini: 'Google Gemini',
  mistral: 'Mistral',
  groq: 'Groq',
  openrouter: 'OpenRouter',
  deepseek: 'DeepSeek',
  xai: 'xAI',
  azure: 'Azure OpenAI',
}

/** Where a secret is used, e.g. "Anthropic API key" or "Extension github · env GITHUB_TOKEN". */
export function secretUseLabel(use: SecretUse): string {
  switch (use.kind) {
    case 'provider':
      return `${providerNames[use.provider.toLowerCase()] ?? use.provider} API key`
    case 'extension-env':
      return `Extension ${use.extensionId} · env ${use.envName}`
    case 'extension-header':
      return `Extension ${use.extensionId} · header ${use.headerName}`
    case 'other':
      return 'Not linked to a provider or extension'
  }
}

const kindOrder: Record<SecretUse['kind'], number> = { provider: 0, 'extension-env': 1, 'extension-header': 1, other: 2 }

/** Providers first, then extensions, then the rest; by name within each group. */
export function compareSecrets(a: { name: string; use: SecretUse }, b: { name: string; use: SecretUse }): number {
  return kindOrder[a.use.kind] - kindOrder[b.use.kind] || a.name.localeCompare(b.name)
}

/** What is wrong with a value about to be sent; "empty" only counts once the person tried to save. */
export function secretValueProblem(value: string, { submitted }: { submitted: boolean }): string | undefined {
  if (value.length === 0) return submitted ? 'Enter a value.' : undefined
  if (value.length > MAX_SECRET_VALUE_LENGTH) return `This value is too long: at most ${MAX_SECRET_VALUE_LENGTH} characters are allowed.`
  return undefined
}
