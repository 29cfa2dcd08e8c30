/**
 * The built Electron app, started for real through Playwright's Electron support: the window reaches
 * main over the message ports (it shows main's data folder), which it holds with the data folder lock,
 * a session is created, an extension starts once consent is given, and quitting leaves no child
 * process behind and frees the folder. Where the Electron binary is missing (it is never downloaded
 * on its own) the file is skipped with one line.
 */
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron, type ElectronApplication, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locateElectron } from '../../scripts/electronBinary.mjs'
import { root } from '../e2e/appPage'
import { LOCK_FILE } from '../../src/main/host/dataDirLock'

const electron = locateElectron()
if (!electron.found) console.warn(`[electron smoke test] SKIPPED: ${electron.reason}.`)

const fixtureServer = join(root, 'test/fixtures/servers/fixtureServer.mjs')
/** Marks this run's extension process, so the check below finds it and nothing else. */
const marker = `--smoke=${randomUUID()}`

/** Command lines of running processes that carry the marker. */
function markedProcesses(): string[] {
  const listing =
    process.platform === 'win32'
      ? execFileSync('powershell', ['-NoProfile', '-Command', 'Get-CimInstance Win32_Process | ForEach-Object { $_.CommandLine }'], { encoding: 'utf8' })
      : execFileSync('ps', ['-eo', 'args='], { encoding: 'utf8' })
  return listing.split(/\r?\n/).filter((line) => line.includes(marker) && !line.includes('Get-CimInstance') && !line.includes('ps -eo'))
}

describe.skipIf(!electron.found)('the Electron app', () => {
  let app: ElectronApplication
  let page: Page
  let dataDir: string
  let configHome: string

  beforeAll(async () => {
    if (!electron.found) return
    dataDir = await mkdtemp(join(tmpdir(), 'switchboard-electron-'))
    // Start at login writes its XDG autostart entry here, never into the real ~/.config.
    configHome = await mkdtemp(join(tmpdir(), 'switchboard-electron-config-'))
    app = await _electron.launch({
      executablePath: electron.path,
      args: [root],
      cwd: root,
      // A data folder of its own; no keychain service of a real install is written to.
      env: { ...process.env, SWITCHBOARD_DATA_DIR: dataDir, XDG_CONFIG_HOME: configHome, ELECTRON_ENABLE_LOGGING: '1' },
    })
    page = await app.firstWindow()
  })

  afterAll(async () => {
    await app?.close().catch(() => undefined)
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
    if (configHome) await rm(configHome, { recursive: true, force: true })
  })

  it('the window talks to main over the message ports: it shows main\'s data folder', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByText(dataDir, { exact: true }).waitFor()
    // The page has no way to main but the ports the preload handed over: no host URL, no token.
    expect(page.url()).toMatch(/^app:\/\/switchboard\//)
  })

  it('holds its data folder: the lock names the desktop app while it runs', () => {
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ entryPoint: 'the desktop app' })
  })

  it('creates a session', async () => {
    const sessions = page.getByRole('navigation', { name: 'Sessions' })
    await sessions.getByText('No sessions yet.').waitFor()
    await page.getByRole('button', { name: 'New session', exact: true }).first().click()
    await expect.poll(() => sessions.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('New session')])
  })

  it('for routines: Start at login writes the autostart entry (Linux), and with "keep in the tray" closing the window hides it while the app runs on', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Routines' }).click()
    await page.getByLabel('Start Switchboard at login (the desktop app)').check()
    const entry = join(configHome, 'autostart', 'switchboard.desktop')
    if (process.platform === 'linux') await expect.poll(() => existsSync(entry) && readFileSync(entry, 'utf8')).toContain('[Desktop Entry]')
    await page.getByLabel('Start Switchboard at login (the desktop app)').uncheck()
    if (process.platform === 'linux') await expect.poll(() => existsSync(entry)).toBe(false)
    await page.getByLabel('Keep Switchboard in the tray when the window closes (the desktop app)').check()
    await expect.poll(() => page.getByLabel('Keep Switchboard in the tray when the window closes (the desktop app)').isChecked()).toBe(true)
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.close())
    await expect.poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((window) => window.isVisible()))).toEqual([false])
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.show())
    await page.getByLabel('Keep Switchboard in the tray when the window closes (the desktop app)').uncheck()
  })

  it('starts an extension only after consent, and quitting stops it', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Extensions' }).click()
    await page.getByRole('button', { name: 'Add extension' }).click()
    const form = page.getByRole('form', { name: 'Add extension' })
    await form.getByLabel('Name', { exact: true }).fill('Smoke')
    await form.getByLabel('Command').fill(process.execPath)
    await form.getByRole('textbox', { name: 'Arguments (optional)' }).fill(`${fixtureServer}\n${marker}\n`)
    await form.getByRole('button', { name: 'Add extension' }).click()

    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'The extension “Smoke” asks to run on this computer' }).waitFor()
    expect(markedProcesses()).toEqual([])
    await dialog.getByRole('button', { name: 'Allow once' }).click()
    await expect.poll(() => page.locator('header [data-status]').first().getAttribute('data-status'), { timeout: 30_000 }).toBe('ready')
    expect(markedProcesses()).toHaveLength(1)

    await app.close()
    await expect.poll(() => markedProcesses(), { timeout: 10_000 }).toEqual([])
    // Quitting releases the data folder for the next start (of the app, browser mode or npm run host).
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
  })
})
