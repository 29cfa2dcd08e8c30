/**
 * The host context an App gets (MCP Apps `HostContext`): theme, the spec's CSS variables in the
 * window's palette, locale, time zone, display modes and container bounds. Values use
 * `light-dark()`, so one set serves both themes and the App follows `theme` with `color-scheme`.
 */
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge'

/** How tall an App may grow inline; taller content scrolls inside it. */
export const APP_MAX_HEIGHT = 640
/** An App is never shorter than this (its first frame, before it reports a size). */
export const APP_MIN_HEIGHT = 60

const variables: Record<string, string> = {
  '--color-background-primary': 'light-dark(#ffffff, #18181b)',
  '--color-background-secondary': 'light-dark(#f4f4f5, #27272a)',
  '--color-background-tertiary': 'light-dark(#e4e4e7, #3f3f46)',
  '--color-background-inverse': 'light-dark(#18181b, #fafafa)',
  '--color-background-ghost': 'light-dark(rgba(24,24,27,0.04), rgba(250,250,250,0.06))',
  '--color-background-info': 'light-dark(#eff6ff, #172554)',
  '--color-background-danger': 'light-dark(#fef2f2, #450a0a)',
  '--color-background-success': 'light-dark(#f0fdf4, #052e16)',
  '--color-background-warning': 'light-dark(#fffbeb, #451a03)',
  '--color-background-disabled': 'light-dark(#f4f4f5, #27272a)',
  '--color-text-primary': 'light-dark(#18181b, #fafafa)',
  '--color-text-secondary': 'light-dark(#52525b, #a1a1aa)',
  '--color-text-tertiary': 'light-dark(#71717a, #71717a)',
  '--color-text-inverse': 'light-dark(#fafafa, #18181b)',
  '--color-text-info': 'light-dark(#1d4ed8, #93c5fd)',
  '--color-text-danger': 'light-dark(#b91c1c, #fca5a5)',
  '--color-text-success': 'light-dark(#15803d, #86efac)',
  '--color-text-warning': 'light-dark(#b45309, #fcd34d)',
  '--color-text-disabled': 'light-dark(#a1a1aa, #52525b)',
  '--color-border-primary': 'light-dark(#e4e4e7, #3f3f46)',
  '--color-border-secondary': 'light-dark(#d4d4d8, #52525b)',
  '--color-border-tertiary': 'light-dark(#f4f4f5, #27272a)',
  '--color-border-inverse': 'light-dark(#18181b, #fafafa)',
  '--color-border-info': 'light-dark(#93c5fd, #1e40af)',
  '--color-border-danger': 'light-dark(#fca5a5, #991b1b)',
  '--color-border-success': 'light-dark(#86efac, #166534)',
  '--color-border-warning': 'light-dark(#fcd34d, #92400e)',
  '--color-border-disabled': 'light-dark(#e4e4e7, #3f3f46)',
  '--color-ring-primary': 'light-dark(#2563eb, #60a5fa)',
  '--color-ring-secondary': 'light-dark(#a1a1aa, #71717a)',
  '--color-ring-inverse': 'light-dark(#fafafa, #18181b)',
  '--color-ring-info': 'light-dark(#3b82f6, #60a5fa)',
  '--color-ring-danger': 'light-dark(#ef4444, #f87171)',
  '--color-ring-success': 'light-dark(#22c55e, #4ade80)',
  '--color-ring-warning': 'light-dark(#f59e0b, #fbbf24)',
  '--font-sans': 'ui-sans-serif, system-ui, sans-serif',
  '--font-mono': 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  '--font-weight-normal': '400',
  '--font-weight-medium': '500',
  '--font-weight-semibold': '600',
  '--font-weight-bold': '700',
  '--font-text-xs-size': '0.75rem',
  '--font-text-xs-line-height': '1rem',
  '--font-text-sm-size': '0.875rem',
  '--font-text-sm-line-height': '1.25rem',
  '--font-text-md-size': '1rem',
  '--font-text-md-line-height': '1.5rem',
  '--font-text-lg-size': '1.125rem',
  '--font-text-lg-line-height': '1.75rem',
  '--font-heading-sm-size': '1rem',
  '--font-heading-sm-line-height': '1.5rem',
  '--font-heading-md-size': '1.25rem',
  '--font-heading-md-line-height': '1.75rem',
  '--font-heading-lg-size': '1.5rem',
  '--font-heading-lg-line-height': '2rem',
  '--border-radius-xs': '2px',
  '--border-radius-sm': '4px',
  '--border-radius-md': '6px',
  '--border-radius-lg': '8px',
  '--border-radius-xl': '12px',
  '--border-radius-full': '9999px',
  '--border-width-regular': '1px',
  '--shadow-hairline': '0 0 0 1px light-dark(rgba(0,0,0,0.06), rgba(255,255,255,0.08))',
  '--shadow-sm': '0 1px 2px light-dark(rgba(0,0,0,0.06), rgba(0,0,0,0.4))',
  '--shadow-md': '0 4px 12px light-dark(rgba(0,0,0,0.08), rgba(0,0,0,0.5))',
  '--shadow-lg': '0 12px 32px light-dark(rgba(0,0,0,0.12), rgba(0,0,0,0.6))',
}

export type AppDisplayMode = 'inline' | 'fullscreen' | 'pip'
export const AVAILABLE_DISPLAY_MODES: AppDisplayMode[] = ['inline', 'fullscreen', 'pip']
/** Picture-in-picture: a small panel floating over the conversation's corner while the person reads on. */
export const PIP_SIZE = { width: 360, height: 260 }

export interface HostContextInput {
  dark: boolean
  displayMode: AppDisplayMode
  /** The card's inner width in CSS pixels. */
  width: number
  tool: { name: string; title?: string; description?: string; inputSchema: Record<string, unknown> }
  callId: string
}

/** The whole host context for one App; `setHostContext` sends only what changed. */
export function hostContextFor({ dark, displayMode, width, tool, callId }: HostContextInput): McpUiHostContext {
  return {
    theme: dark ? 'dark' : 'light',
    styles: { variables: variables as NonNullable<McpUiHostContext['styles']>['variables'] },
    displayMode,
    availableDisplayModes: AVAILABLE_DISPLAY_MODES,
    containerDimensions:
      displayMode === 'fullscreen'
        ? { height: window.innerHeight, width: window.innerWidth }
        : displayMode === 'pip'
          ? { ...PIP_SIZE }
          : { maxHeight: APP_MAX_HEIGHT, width },
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: 'Switchboard',
    platform: 'desktop',
    deviceCapabilities: { touch: navigator.maxTouchPoints > 0, hover: window.matchMedia('(hover: hover)').matches },
    toolInfo: { id: callId, tool: { ...tool, inputSchema: tool.inputSchema as { type: 'object' } } },
  }
}

/** The App's wish for a height, kept within the inline bounds. */
export function clampAppHeight(height: number | undefined): number | undefined {
  if (height === undefined || !Number.isFinite(height)) return undefined
  return Math.min(APP_MAX_HEIGHT, Math.max(APP_MIN_HEIGHT, Math.ceil(height)))
}
