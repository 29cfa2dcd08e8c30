/**
 * "Use Ollama" in one click: save the Ollama preset as a provider, ask it which models it has, keep
 * them, and select the first. Says what went wrong (not running, no models pulled) in words.
 */
import { useState } from 'react'
import type { ModelsResource } from '../../../shared/hostApi'
import { useHostClient } from '../../mcp/hostContext'
import { errorMessage } from '../../mcp/errorText'

export const OLLAMA_DEFAULT_URL = 'http://127.0.0.1:11434/v1'

export type QuickOllama = { state: 'idle' } | { state: 'working' } | { state: 'failed'; message: string } | { state: 'done'; model: string }

export function useQuickOllama(models: ModelsResource | null): { status: QuickOllama; run: () => Promise<void> } {
  const client = useHostClient()
  const [status, setStatus] = useState<QuickOllama>({ state: 'idle' })
  const preset = models?.presets.find((candidate) => candidate.id === 'ollama')

  const run = async () => {
    setStatus({ state: 'working' })
    try {
      const provider = { id: 'ollama', kind: 'openai-compatible' as const, name: preset?.name ?? 'Ollama', baseUrl: preset?.baseUrl ?? OLLAMA_DEFAULT_URL }
      await client.call('provider_save', { provider: { ...provider, models: [] } })
      const test = await client.call('provider_test', { id: provider.id })
      if (!test.ok) throw new Error(test.error ?? 'Ollama did not answer.')
      const first = test.models[0]
      if (!first) throw new Error('Ollama has no models yet. Pull one in a terminal (for example `ollama pull llama3.2`), then try again.')
      await client.call('provider_save', { provider: { ...provider, models: test.models.slice(0, 200) } })
      await client.call('model_select', { providerId: provider.id, modelId: first })
      setStatus({ state: 'done', model: first })
    } catch (error) {
      setStatus({ state: 'failed', message: errorMessage(error) })
    }
  }
  return { status, run }
}
