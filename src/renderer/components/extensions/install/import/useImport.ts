/**
 * The preview → choose → import cycle shared by the "Paste or import" and "Install link" tabs. The
 * host reads and checks the config (`extension_import_preview` / `install_link_preview`); the
 * person's choices go back with `extension_import`, which adds each server disabled until its
 * consent dialog is answered. A failure leaves everything as it was, with the host's message.
 */
import { useState } from 'react'
import type { ExtensionImportResult, ImportPreview } from '../../../../../shared/hostApi'
import { useHostClient } from '../../../../mcp/hostContext'
import { errorMessage } from '../../../../mcp/errorText'
import { whenListed } from '../../whenListed'
import { importRequest, initialChoices, type ChoiceStates, type ImportTarget } from './importModel'

export interface ImportState {
  target: ImportTarget | null
  preview: ImportPreview | null
  choices: ChoiceStates
  /** Answers to VS Code inputs, by input id. */
  inputs: Record<string, string>
  busy: 'preview' | 'import' | null
  /** Why the last call failed (the host could not be asked, or refused the request). */
  error: string | null
  result: ExtensionImportResult | null
}

const idle: ImportState = { target: null, preview: null, choices: {}, inputs: {}, busy: null, error: null, result: null }

export function useImport() {
  const client = useHostClient()
  const [state, setState] = useState<ImportState>(idle)

  const preview = async (target: ImportTarget): Promise<ImportPreview | null> => {
    setState((before) => ({ ...before, busy: 'preview', error: null, result: null }))
    try {
      const next = 'link' in target ? await client.call('install_link_preview', { link: target.link }) : await client.call('extension_import_preview', target)
      // A fresh preview starts fresh choices; typed secret values of an older preview are dropped.
      setState({ ...idle, target, preview: next, choices: initialChoices(next) })
      return next
    } catch (error) {
      setState((before) => ({ ...before, busy: null, error: errorMessage(error) }))
      return null
    }
  }

  const run = async (): Promise<ExtensionImportResult | null> => {
    const { target, preview: shown, choices, inputs } = state
    if (!target || !shown) return null
    setState((before) => ({ ...before, busy: 'import', error: null }))
    try {
      const result = await client.call('extension_import', importRequest(target, shown, choices, inputs))
      // Their pages then have data to show.
      await whenListed(result.results.filter((server) => server.outcome === 'added').map((server) => server.id))
      // The secret values typed for this import do not outlive it.
      setState((before) => ({ ...before, busy: null, result, inputs: {}, choices: initialChoices(shown) }))
      return result
    } catch (error) {
      setState((before) => ({ ...before, busy: null, error: errorMessage(error) }))
      return null
    }
  }

  return {
    state,
    preview,
    run,
    setChoices: (choices: ChoiceStates) => setState((before) => ({ ...before, choices })),
    setInputs: (inputs: Record<string, string>) => setState((before) => ({ ...before, inputs })),
    reset: () => setState(idle),
  }
}
