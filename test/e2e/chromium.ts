/** Debian's Chromium, headless, for the end-to-end tests and the browser benchmarks. Never `playwright install`. */
import { chromium, type Browser } from 'playwright-core'

/** Without the background-networking flags Chromium keeps dialling Google hosts, which this machine's closed network refuses. */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ARGS })
}
