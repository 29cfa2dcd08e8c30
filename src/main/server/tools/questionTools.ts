/** Host tools for questions from extensions: `open_external` hands a URL question's link to the system browser. */
import type { HostToolArgs, HostToolName, HostToolResult } from '../../../shared/hostApi'
import type { HostServices } from '../hostServices'

type Register = <N extends HostToolName>(name: N, description: string, run: (args: HostToolArgs<N>) => Promise<HostToolResult<N>>) => void

export function registerQuestionTools(tool: Register, services: Pick<HostServices, 'openExternal'>): void {
  // The opener checks the link itself (https/mailto only, no credentials); without one (browser
  // mode) the page opens the link with window.open, which the browser sandboxes as any page link.
  tool('open_external', 'Open a link in the system browser (only when the person clicked it).', async ({ url }) => {
    if (!services.openExternal) return { opened: false }
    await services.openExternal(url)
    return { opened: true }
  })
}
