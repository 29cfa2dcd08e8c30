/** The activity app tools: `activity_verify`, `activity_export` (JSONL or CSV), `activity_set_retention`; and telemetry's `telemetry_set`. */
import type { HostServices } from '../hostServices'
import type { ToolRegistrar } from './resourceTools'

export function registerActivityTools(tool: ToolRegistrar, { activity, telemetry }: Pick<HostServices, 'activity' | 'telemetry'>): void {
  const service = () => {
    if (!activity) throw new Error('This host keeps no activity log.')
    return activity
  }
  tool('activity_verify', 'Check the activity log: every record against its hash and the one before, the newest against the seal kept in the settings; says where the chain breaks.', () => service().verify())
  tool('activity_export', 'Export the activity records matching a filter, oldest first, as JSONL or CSV (with save: to a file picked in the app window).', (args) => service().exportRecords(args))
  tool('telemetry_set', 'Turn OpenTelemetry export on or off, set its OTLP/HTTP endpoint, its headers (values go to the keychain) and content capture.', (args) => {
    if (!telemetry) throw new Error('This host has no telemetry export.')
    return telemetry.set(args)
  })
  tool('activity_set_retention', 'How many days of activity to keep (default 90); older segments are removed.', ({ days }) => service().setRetention(days))
}
