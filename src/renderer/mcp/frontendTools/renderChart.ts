/**
 * `render_chart`: draws a Vega-Lite chart inline in the conversation. The tool only checks and
 * compiles the spec (so the model hears about mistakes); the chart itself is drawn by the tool
 * card from the call's arguments, so it is there again when the conversation is read back later.
 */
import type { McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { checkChartSpec } from './chartSpec'
import { errorResult, messageOf, textResult } from './toolResults'

export const RENDER_CHART = 'render_chart'

export function registerRenderChart(server: McpServer): void {
  server.registerTool(
    RENDER_CHART,
    {
      title: 'Render a chart',
      description:
        'Shows an interactive chart inline in the conversation, drawn from a Vega-Lite v6 specification. Put the data inline in data.values (no URLs; at most 5,000 rows). The person sees the chart in the tool call; you get a confirmation.',
      inputSchema: z.object({
              spec: z.record(z.string(), z.unknown()).describe('A Vega-Lite specification object, e.g. {"mark":"bar","data":{"values":[{"a":"x","b":3}]},"encoding":{"x":{"field":"a","type":"nominal"},"y":{"field":"b","type":"quantitative"}}}'),
              title: z.string().max(200).optional().describe('A short caption shown above the chart.'),
            }),
      annotations: { title: 'Render a chart', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ spec, title }) => {
      const checked = checkChartSpec(spec)
      if (!checked.ok) return errorResult(checked.message)
      try {
        // Compiling catches unknown marks, bad encodings and the like before the person sees a blank card.
        const { compile } = await import('vega-lite')
        compile(checked.spec as never)
      } catch (error) {
        return errorResult(`The Vega-Lite spec does not compile: ${messageOf(error)}. Fix the spec and call render_chart again.`)
      }
      return textResult(`The chart${title ? ` “${title}”` : ''} is shown to the person inline in the conversation.`)
    },
  )
}
