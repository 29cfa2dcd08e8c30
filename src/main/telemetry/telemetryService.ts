/**
 * Telemetry export as the host serves it (Settings → Telemetry, `telemetry_set`,
 * switchboard://telemetry): off until the person turns it on; the endpoint and the header names in
 * the settings, each header's value in the keychain (`telemetry:header:<name>`). Without a keychain
 * a header value cannot be kept, so export with headers stays off and says why. A managed policy
 * can force the endpoint and headers (`force`); the person then cannot change or switch them off.
 * A failing collector costs one warning (a notice) per streak of failures, never a slower turn.
 */
import { MANAGED_LABEL, telemetryHeaderSecret, type HostToolArgs, type TelemetrySettings, type TelemetryView } from '../../shared/hostApi'
import { log } from '../log/log'
import { createGenAiSpans, type GenAiSpans } from './genAiSpans'
import type { Pipeline, PipelineOptions } from './otlpPipeline'

export interface TelemetrySecrets {
  whenKnown(): Promise<void>
  status(): { keychain: 'available' | 'unavailable' | 'checking' }
  get(name: string): Promise<string | undefined>
  set(name: string, value: string): Promise<void>
  delete(name: string): Promise<boolean>
}

/** What a managed policy sets: the endpoint (and header values, held in memory only) that export must use. */
export interface ForcedTelemetry {
  endpoint: string
  headers?: Record<string, string>
  captureContent?: boolean
}

export interface TelemetryServiceOptions {
  settings: { read(): TelemetrySettings | undefined; write(next: TelemetrySettings): void }
  secrets: TelemetrySecrets
  version: string
  providerOf(modelId: string): string
  notify(message: string): void
  /** Test knobs: batch delay, queue size, exporter timeout, an exporter. */
  pipeline?: Partial<Pick<PipelineOptions, 'delayMs' | 'maxQueueSize' | 'timeoutMs' | 'exporter'>>
}

export interface TelemetryService {
  readonly spans: GenAiSpans
  view(): TelemetryView
  set(args: HostToolArgs<'telemetry_set'>): Promise<TelemetryView>
  /** For the managed policy: export to this endpoint, on, whatever the person chose; undefined lifts it. */
  force(forced: ForcedTelemetry | undefined): Promise<TelemetryView>
  /** The managed policy turns export off (an invalid required endpoint, an unreadable policy file): why; undefined lifts it. */
  block(reason: string | undefined): Promise<TelemetryView>
  /** Resolves once export runs with the current settings (after start and after each change). */
  ready(): Promise<void>
  forceFlush(): Promise<void>
  onChange(listener: () => void): () => void
  close(): Promise<void>
}

const DEFAULTS: TelemetrySettings = { enabled: false, headerNames: [], captureContent: false }

export function createTelemetryService(options: TelemetryServiceOptions): TelemetryService {
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())
  let pipeline: Pipeline | undefined
  let forced: ForcedTelemetry | undefined
  let managedBlock: string | undefined
  let blocked: string | undefined
  let failing: string | undefined
  let warned = false
  /** Bumped when a header value changes (the names alone may stay the same). */
  let headersSet = 0
  const totals = { exported: 0, dropped: 0, failedExports: 0 }
  const settings = (): TelemetrySettings => ({ ...DEFAULTS, ...options.settings.read() })
  // Read per span while export is on: straight from the settings, no merged copy.
  const captureContent = () => (forced?.captureContent ?? options.settings.read()?.captureContent) === true

  const spans = createGenAiSpans({ tracer: () => pipeline?.tracer, captureContent, providerOf: options.providerOf, plan: (parent) => pipeline?.plan(parent) })

  const retire = async (old: Pipeline | undefined) => {
    if (!old) return
    totals.exported += old.counts.exported
    totals.dropped += old.counts.dropped
    totals.failedExports += old.counts.failedExports
    // The last batch goes out in the background; a dead collector cannot hold anything up.
    void old.shutdown().catch(() => undefined)
  }

  const onExport = (ok: boolean, error?: string) => {
    if (ok) {
      if (failing !== undefined) {
        failing = undefined
        warned = false
        changed()
      }
      return
    }
    const endpoint = forced?.endpoint ?? settings().endpoint
    failing = `Spans could not be sent to ${endpoint}: ${error}. Check that the collector runs and the endpoint and headers are right; spans wait in a bounded queue and are dropped when it is full.`
    if (!warned) {
      warned = true
      options.notify(`Telemetry: ${failing}`)
      log('warn', 'telemetry', failing)
    }
    changed()
  }

  /** What the pipeline is built from: content capture is read per span and needs no new one. */
  let builtFor: string | undefined
  /** Builds the pipeline the settings (or the policy) ask for, or none, and says why not. */
  const apply = async () => {
    const current = settings()
    const enabled = forced !== undefined || current.enabled
    const endpoint = forced?.endpoint ?? current.endpoint
    const signature = JSON.stringify({ enabled, endpoint, headerNames: current.headerNames, forced, headersSet: headersSet, managedBlock })
    if (pipeline && signature === builtFor) {
      changed()
      return
    }
    builtFor = signature
    const old = pipeline
    pipeline = undefined
    blocked = undefined
    failing = undefined
    warned = false
    if (managedBlock || !enabled || !endpoint) {
      spans.endAll()
      await retire(old)
      if (managedBlock) blocked = managedBlock
      else if (enabled && !endpoint) blocked = 'Export is on but has no endpoint: enter the collector’s OTLP/HTTP address (e.g. http://localhost:4318).'
      changed()
      return
    }
    let headers: Record<string, string> = {}
    if (forced) headers = { ...forced.headers }
    else if (current.headerNames.length > 0) {
      await options.secrets.whenKnown()
      if (options.secrets.status().keychain !== 'available') {
        blocked = 'Export is off: its headers are secrets and this computer has no keychain to keep them in. Set up the OS keychain (Settings → General says how), then turn export on again.'
        spans.endAll()
        await retire(old)
        changed()
        return
      }
      for (const name of current.headerNames) {
        const value = await options.secrets.get(telemetryHeaderSecret(name))
        if (value === undefined) {
          blocked = `Export is off: the value of header “${name}” is not in the keychain any more. Enter it again in Settings → Telemetry.`
          spans.endAll()
          await retire(old)
          changed()
          return
        }
        headers[name] = value
      }
    }
    spans.endAll()
    await retire(old)
    // The OpenTelemetry SDK and exporter load with the first export, never on the start path (test/lint/startPath.test.ts).
    const { createPipeline } = await import('./otlpPipeline')
    pipeline = createPipeline({ endpoint, headers, version: options.version, onExport, ...options.pipeline })
    changed()
  }

  let applying: Promise<void> = apply().catch((error: Error) => log('warn', 'telemetry', `Telemetry could not start: ${error.message}`))
  const reapply = () => (applying = applying.then(apply, apply))

  const view = (): TelemetryView => {
    const current = settings()
    const counts = pipeline?.counts
    const enabled = managedBlock === undefined && (forced !== undefined || current.enabled)
    const state = blocked ? 'blocked' : !pipeline ? 'off' : failing ? 'failing' : 'exporting'
    const reason = blocked ?? failing ?? (enabled ? undefined : 'Export is off; nothing leaves this computer.')
    const endpoint = forced?.endpoint ?? current.endpoint
    return {
      enabled,
      ...(endpoint ? { endpoint } : {}),
      headerNames: forced ? Object.keys(forced.headers ?? {}) : current.headerNames,
      captureContent: captureContent(),
      managed: forced !== undefined || managedBlock !== undefined,
      state,
      ...(reason ? { reason } : {}),
      exported: totals.exported + (counts?.exported ?? 0),
      dropped: totals.dropped + (counts?.dropped ?? 0),
      failedExports: totals.failedExports + (counts?.failedExports ?? 0),
    }
  }

  return {
    spans,
    view,
    async set(args) {
      if (managedBlock && args.enabled === true) throw new Error(managedBlock)
      if (forced && (args.enabled === false || args.endpoint !== undefined || args.headers !== undefined)) {
        throw new Error(`${MANAGED_LABEL}: telemetry goes to the endpoint your organisation chose; it cannot be turned off, and its endpoint and headers cannot be changed here.`)
      }
      const current = settings()
      let headerNames = current.headerNames
      if (args.headers) {
        const values = Object.entries(args.headers) as [string, string | null][]
        if (values.some(([, value]) => value !== null)) {
          await options.secrets.whenKnown()
          if (options.secrets.status().keychain !== 'available') {
            throw new Error('Header values are secrets, and this computer has no keychain to keep them in, so they were not saved and export stays off. Set up the OS keychain (Settings → General says how), then enter them again.')
          }
        }
        for (const [name, value] of values) {
          if (value === null) {
            await options.secrets.delete(telemetryHeaderSecret(name)).catch(() => false)
            headerNames = headerNames.filter((known) => known.toLowerCase() !== name.toLowerCase())
          } else {
            headersSet += 1
            await options.secrets.set(telemetryHeaderSecret(name), value)
            if (!headerNames.some((known) => known.toLowerCase() === name.toLowerCase())) headerNames = [...headerNames, name]
          }
        }
      }
      options.settings.write({
        enabled: args.enabled ?? current.enabled,
        ...(args.endpoint !== undefined || current.endpoint !== undefined ? { endpoint: args.endpoint ?? current.endpoint } : {}),
        headerNames,
        captureContent: args.captureContent ?? current.captureContent,
      })
      await reapply()
      return view()
    },
    async block(reason) {
      managedBlock = reason
      await reapply()
      return view()
    },
    async force(next) {
      forced = next
      await reapply()
      return view()
    },
    ready: () => applying,
    forceFlush: async () => {
      await applying
      // A collector that is down is reported through the view and a notice, not by this promise.
      await pipeline?.forceFlush().catch(() => undefined)
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      await applying
      spans.endAll()
      const last = pipeline
      pipeline = undefined
      // On quit the last batch gets a short chance to go out; a hanging collector does not hold the quit.
      if (last) await Promise.race([last.shutdown().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2_000).unref())])
    },
  }
}
