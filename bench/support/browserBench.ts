/**
 * Shared pieces of the browser benchmarks (bench/chatStreaming.ts, bench/largeSession.ts): the real
 * host started with `npm run host` (test/e2e/hostProcess.ts), headless Chromium on the built
 * renderer, an SDK client of the host API, and a cleanup list that runs on success, on failure and
 * on Ctrl-C, so that no host process group, browser or model server is left behind.
 *
 * Page-side code is passed to Playwright as strings: functions compiled by tsx carry esbuild's
 * `__name` helper, which does not exist in the page.
 */
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Client } from '@modelcontextprotocol/client'
import type { Browser, Page } from 'playwright-core'
import type { HostInfo } from '../../test/e2e/hostProcess'
import { launchChromium } from '../../test/e2e/chromium'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** The same headless Chromium and host client as the e2e tests. */
export { launchChromium } from '../../test/e2e/chromium'
export { connectHostClient } from '../../test/e2e/appPage'

/** A page of the benchmarks' window size in a fresh headless Chromium (closed by `cleanup`); its errors are collected. */
export async function openBenchPage(cleanup: Cleanup): Promise<{ browser: Browser; page: Page; pageErrors: string[] }> {
  const browser = await launchChromium()
  cleanup.add('close the browser', () => browser.close())
  const context = await browser.newContext({ viewport: { width: 1180, height: 860 } })
  const page = await context.newPage()
  page.setDefaultTimeout(30_000)
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  return { browser, page, pageErrors }
}

/** Opens the renderer with the host's token and waits for the session list. */
export async function openApp(page: Page, info: HostInfo): Promise<void> {
  await page.goto(`${info.url}?token=${info.token}`)
  await page.getByRole('navigation', { name: 'Sessions' }).waitFor()
}

/** Calls a host tool; a tool error becomes an exception (the benchmark cannot run). */
export async function callHost<T = unknown>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = await client.callTool({ name, arguments: args })
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`)
  return result.structuredContent as T
}

/**
 * Cleanup steps, run last-added first. `run` is idempotent; Ctrl-C and SIGTERM run it too and exit,
 * so an interrupted benchmark still stops the host's process group and the browser.
 */
export class Cleanup {
  private readonly steps: { what: string; step: () => Promise<unknown> | unknown }[] = []
  private running: Promise<void> | undefined

  constructor() {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        console.error(`\n${signal}: cleaning up…`)
        void this.run().finally(() => process.exit(130))
      })
    }
  }

  add(what: string, step: () => Promise<unknown> | unknown): void {
    this.steps.push({ what, step })
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const { what, step } of this.steps.reverse()) {
        try {
          await step()
        } catch (error) {
          console.error(`cleanup: ${what} failed: ${(error as Error).message}`)
        }
      }
    })()
    return this.running
  }
}

/** Runs a benchmark body with a cleanup list; a failure (the benchmark could not run) exits with 1 after cleaning up. */
export async function runBench(name: string, body: (cleanup: Cleanup) => Promise<void>): Promise<void> {
  const cleanup = new Cleanup()
  let failed = false
  try {
    await body(cleanup)
  } catch (error) {
    failed = true
    console.error(`${name}: could not run: ${(error as Error).stack ?? String(error)}`)
  } finally {
    await cleanup.run()
  }
  // Nothing may keep the process alive; exit explicitly so that a stray handle cannot hang `npm run bench`.
  process.exit(failed ? 1 : 0)
}

export const ms = (value: number): string => `${value.toFixed(1)} ms`
export const ratio = (value: number): string => (Number.isFinite(value) ? value.toFixed(2) : 'n/a')
export const count = (value: number): string => value.toLocaleString('en-US')

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export const sleep = (milliseconds: number): Promise<void> => new Promise((settle) => setTimeout(settle, milliseconds))
