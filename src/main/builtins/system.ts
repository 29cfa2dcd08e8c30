/**
 * The `system` builtin: what the model cannot know by itself about where it runs — the operating
 * system, the current time and time zone, the person's locale, and the app version. Read-only and
 * closed-world, so its annotations say so.
 */
import os from 'node:os'
import { McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import type { BuiltinContext } from './builtinRegistry'

/** Where the facts come from; tests pass fixed values. */
export interface SystemProbe {
  now: () => Date
  platform: () => string
  release: () => string
  arch: () => string
  /** BCP 47 locale and IANA time zone as the runtime resolves them. */
  intl: () => { locale: string; timeZone: string }
}

export const defaultSystemProbe: SystemProbe = {
  now: () => new Date(),
  platform: () => os.platform(),
  release: () => os.release(),
  arch: () => os.arch(),
  intl: () => {
    const { locale, timeZone } = new Intl.DateTimeFormat().resolvedOptions()
    return { locale, timeZone }
  },
}

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

const osNames: Record<string, string> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' }

/** "+02:00" for the given instant in the given zone. */
function utcOffset(date: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName')?.value
  const offset = part?.replace('GMT', '') ?? ''
  return offset === '' ? '+00:00' : offset
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const timeOutput = z.object({
  iso: z.string().describe('The instant in UTC, ISO 8601'),
  local: z.string().describe('Date and time as written in the locale, in the time zone'),
  timeZone: z.string(),
  utcOffset: z.string(),
  weekday: z.string(),
})

/** Creates the `system` server (one per connection). */
export function createSystemServer(context: BuiltinContext, probe: SystemProbe = defaultSystemProbe): McpServer {
  const server = new McpServer({ name: 'switchboard-system', version: context.appVersion })

  server.registerTool(
    'get_system_info',
    {
      title: 'System information',
      description: 'The operating system, locale, time zone and Switchboard version of the computer this assistant runs on.',
      inputSchema: z.object({}),
      outputSchema: z.object({
        os: z.string(),
        platform: z.string(),
        osRelease: z.string(),
        arch: z.string(),
        locale: z.string(),
        timeZone: z.string(),
        appVersion: z.string(),
      }),
      annotations: readOnly,
    },
    () => {
      const { locale, timeZone } = probe.intl()
      const platform = probe.platform()
      const info = {
        os: osNames[platform] ?? platform,
        platform,
        osRelease: probe.release(),
        arch: probe.arch(),
        locale,
        timeZone,
        appVersion: context.appVersion,
      }
      return { content: [{ type: 'text', text: JSON.stringify(info) }], structuredContent: info }
    },
  )

  server.registerTool(
    'get_current_time',
    {
      title: 'Current time',
      description: "The current date and time. Without arguments, in the person's own time zone; pass an IANA time zone (e.g. Europe/Berlin) for another.",
      inputSchema: z.object({ timeZone: z.string().max(64).optional().describe('IANA time zone, e.g. America/New_York') }),
      outputSchema: timeOutput,
      annotations: readOnly,
    },
    ({ timeZone: requested }) => {
      const { locale, timeZone: own } = probe.intl()
      if (requested !== undefined && !isTimeZone(requested)) {
        return { isError: true, content: [{ type: 'text', text: `"${requested}" is not an IANA time zone; use a name like "Europe/Berlin" or omit it.` }] }
      }
      const timeZone = requested ?? own
      const now = probe.now()
      const time = {
        iso: now.toISOString(),
        local: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'long', timeZone }).format(now),
        timeZone,
        utcOffset: utcOffset(now, timeZone),
        weekday: new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone }).format(now),
      }
      return { content: [{ type: 'text', text: JSON.stringify(time) }], structuredContent: time }
    },
  )

  return server
}
