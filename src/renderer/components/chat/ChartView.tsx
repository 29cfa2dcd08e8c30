/**
 * A `render_chart` call drawn inline in its tool card, from the call's arguments (so it comes back
 * with the history). Vega is loaded on first use, out of the main bundle, and runs without eval:
 * expressions go through vega-interpreter (`ast: true`) because our CSP has no 'unsafe-eval'.
 * Nothing is fetched: the loader refuses every URL, the data must be inline.
 */
import { useEffect, useRef, useState } from 'react'
import type { ToolCallView } from '../../../shared/hostApi'
import { splitNamespacedName } from '../../../shared/toolNames'
import { checkChartSpec } from '../../mcp/frontendTools/chartSpec'
import { RENDER_CHART } from '../../mcp/frontendTools/renderChart'
import './chartTooltip.css'

type DrawState = { kind: 'drawing' } | { kind: 'drawn' } | { kind: 'failed'; message: string }

interface ChartArguments {
  spec?: unknown
  title?: unknown
}

function refusedUrl(): Promise<never> {
  return Promise.reject(new Error('Charts cannot load data from URLs; the data must be inline in data.values.'))
}

/** Draws `spec` into `element`; returns the function that releases the view. */
async function draw(element: HTMLElement, spec: Record<string, unknown>, dark: boolean): Promise<() => void> {
  const [{ default: embed, vega }, { expressionInterpreter }] = await Promise.all([import('vega-embed'), import('vega-interpreter')])
  const loader = vega.loader()
  loader.sanitize = refusedUrl
  loader.load = refusedUrl
  const result = await embed(element, spec as never, {
    renderer: 'svg',
    ast: true,
    expr: expressionInterpreter,
    loader,
    // vega-embed and vega-tooltip would inject <style> elements, which the CSP refuses; ours are in chartTooltip.css.
    defaultStyle: false,
    tooltip: { disableDefaultStyle: true, theme: dark ? 'dark' : 'light' },
    // The actions menu needs vega-embed's injected styles; the chart itself stays interactive.
    actions: false,
    ...(dark ? { theme: 'dark' as const } : {}),
  })
  return () => result.finalize()
}

/** The id the app window's extension gets in every data folder (defaultExtensions.ts in main). */
const FRONTEND_EXTENSION_ID = 'frontend'

/** A finished, successful `render_chart` call of the app window: its card shows the chart. */
export function isChartCall(call: ToolCallView): boolean {
  const split = splitNamespacedName(call.toolName)
  return split?.extensionId === FRONTEND_EXTENSION_ID && split.toolPart === RENDER_CHART && call.state === 'done' && call.result?.isError !== true
}

export function ChartView({ args }: { args: unknown }) {
  const element = useRef<HTMLDivElement>(null)
  const { spec, title } = (typeof args === 'object' && args !== null ? args : {}) as ChartArguments
  const checked = checkChartSpec(spec)
  const specText = checked.ok ? JSON.stringify(checked.spec) : ''
  const [state, setState] = useState<DrawState>({ kind: 'drawing' })

  useEffect(() => {
    const target = element.current
    if (!target || !specText) return
    let release: (() => void) | undefined
    let gone = false
    setState({ kind: 'drawing' })
    draw(target, JSON.parse(specText) as Record<string, unknown>, document.documentElement.classList.contains('dark'))
      .then((finalize) => {
        if (gone) return finalize()
        release = finalize
        setState({ kind: 'drawn' })
      })
      .catch((error: unknown) => {
        if (!gone) setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
      })
    return () => {
      gone = true
      release?.()
    }
  }, [specText])

  const caption = typeof title === 'string' && title.trim() ? title.trim() : 'Chart'
  if (!checked.ok) return <p className="text-xs text-red-700 dark:text-red-300">This chart cannot be drawn: {checked.message}</p>
  return (
    <figure aria-label={caption} className="space-y-1.5">
      {typeof title === 'string' && title.trim() && <figcaption className="text-sm font-medium text-zinc-800 dark:text-zinc-100">{caption}</figcaption>}
      <div ref={element} data-chart-state={state.kind} className="max-w-full overflow-x-auto" />
      {state.kind === 'drawing' && (
        <p role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
          Drawing the chart…
        </p>
      )}
      {state.kind === 'failed' && <p className="text-xs text-red-700 dark:text-red-300">The chart could not be drawn: {state.message}</p>}
    </figure>
  )
}
