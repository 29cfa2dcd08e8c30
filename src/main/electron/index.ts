/**
 * The Electron shell (docs/architecture.md §2): app lifecycle, the one window, the MessagePort handshake with
 * the preload, and electron-store. Everything else is the plain-Node host (`createHost`); every
 * decision made here lives in a pure, unit-tested module beside this file.
 */
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, dialog, ipcMain, Menu, MessageChannelMain, nativeImage, nativeTheme, Notification, powerMonitor, protocol, safeStorage, screen, session, shell, Tray, type IpcMainEvent, type MessagePortMain } from 'electron'
import Store from 'electron-store'
import { createHost } from '../host/createHost'
import { APP_NAME } from '../host/dataDir'
import { lockDataDir } from '../host/dataDirLock'
import { LOGIN_SHELL_TIMEOUT_MS, needsLoginShellPath, startDesktopPath } from '../extensions/connection/loginShellPath'
import { log } from '../log/log'
import { safeStorageCandidate } from '../secrets/encryptedFile'
import { keychainCandidates } from '../secrets/keychainBindings'
import { openSecretStore } from '../secrets/secretStore'
import { PORTS_MESSAGE, PORTS_REQUEST } from '../../shared/portHandshake'
import { APP_SCHEME, APP_HOST, appProtocolResponse, appSchemePrivileges } from './appProtocol'
import { APP_SANDBOX_SCHEME, appSandboxSchemePrivileges } from './appSandboxProtocol'
import { APP_SANDBOX_ORIGIN_ELECTRON, createSandboxRegistry } from '../host/apps/appSandbox'
import { isTrustedSender } from './policies/navigationPolicy'
import { appPermissionCheck, appPermissionRequest, denyDevicePermission } from './policies/permissionPolicy'
import { rendererUrl } from './window/rendererUrl'
import { guardWebContents } from './policies/webContentsGuard'
import { openCheckedLink } from './externalLinks'
import { WINDOW_SIZE, windowOptions } from './window/windowOptions'
import { loadWindowState, restoredBounds, saveWindowState } from './window/windowBounds'
import { createRendererRecovery } from './window/rendererRecovery'
import { createPathPicker, createSavePicker } from './pathPicker'
import { createWindowPorts, type WindowPorts } from './window/windowPorts'
import { createDeepLinkInbox, installLinkFromArgv, installLinkFromSecondInstance, installLinkFromUrl, registerProtocolClient, secondInstanceData } from './deepLinks'
import { holdQuitForCleanup, type QuitSequence } from './quitSequence'
import { appMenuTemplate, appUserModelId } from './appMenu'
import { startAutoUpdates } from './autoUpdate'
import { applyXdgPlan, closeDecision, keepRunningFromAnswer, loginItemPlan, relayWake, trayIconPath, TRAY_QUESTION } from './policies/backgroundPolicy'
import type { Host } from '../host/createHost'

/** Set while the app quits (the menu's Quit, a shutdown): closing the window then never just hides it. */
let appQuitting = false
/** The tray icon, made the first time the window hides into it. */
let tray: Tray | undefined

/** Closing the window with routines around: keep running in the tray (asked once), or close as before (backgroundPolicy.ts). */
function onWindowClose(event: Electron.Event, window: BrowserWindow, host: Host): void {
  const { routines, options } = host.services.routines.view()
  const decision = closeDecision({ keepRunningInTray: options.keepRunningInTray, routineCount: routines.length, quitting: appQuitting })
  if (decision === 'close') return
  event.preventDefault()
  if (decision === 'ask') {
    void dialog.showMessageBox(window, { type: 'question', message: TRAY_QUESTION.message, detail: TRAY_QUESTION.detail, buttons: [...TRAY_QUESTION.buttons], defaultId: 0, cancelId: 1 }).then(async ({ response }) => {
      const keep = keepRunningFromAnswer(response)
      await host.services.routines.setOptions({ keepRunningInTray: keep })
      if (keep) hideToTray(window)
      else window.destroy()
    })
    return
  }
  hideToTray(window)
}

function hideToTray(window: BrowserWindow): void {
  if (!tray) {
    const icon = trayIconPath({ isPackaged: app.isPackaged, resourcesPath: process.resourcesPath, appPath: app.getAppPath() })
    tray = new Tray(nativeImage.createFromPath(icon).resize({ width: 16, height: 16 }))
    tray.setToolTip(`${APP_NAME} (routines keep running)`)
    tray.setContextMenu(Menu.buildFromTemplate([{ label: `Open ${APP_NAME}`, click: () => raiseWindow?.() }, { type: 'separator' }, { label: 'Quit', click: () => app.quit() }]))
    tray.on('click', () => raiseWindow?.())
  }
  window.hide()
}

/** Start at login follows the routine option (backgroundPolicy.ts: an XDG entry on Linux, login items elsewhere). */
function followStartAtLogin(host: Host): () => void {
  let applied: boolean | undefined
  const apply = () => {
    const enabled = host.services.routines.view().options.startAtLogin
    if (enabled === applied) return
    applied = enabled
    const plan = loginItemPlan({ platform: process.platform, enabled, appName: APP_NAME, execPath: process.execPath, args: app.isPackaged ? [] : [app.getAppPath()], env: process.env, home: homedir() })
    if (plan.kind === 'login-items') app.setLoginItemSettings({ openAtLogin: plan.openAtLogin })
    else void applyXdgPlan(plan).catch((error: Error) => log('warn', 'electron', `Could not ${enabled ? 'add' : 'remove'} the autostart entry ${plan.path}: ${error.message}`))
  }
  apply()
  return host.services.routines.onChange(apply)
}

/** Quitting waits this long for the host to close its sessions (docs/architecture.md §9 F20), then goes anyway. */
const QUIT_BUDGET_MS = 5_000

const mainDir = dirname(fileURLToPath(import.meta.url))
const preloadPath = join(mainDir, '../preload/index.cjs')
const rendererDir = join(mainDir, '../renderer')
const appUrl = rendererUrl({ isPackaged: app.isPackaged, devServerUrl: process.env.ELECTRON_RENDERER_URL })
// Must happen before 'ready': the scheme gets a real origin, secure-context rules and the Fetch API.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: appSchemePrivileges },
  { scheme: APP_SANDBOX_SCHEME, privileges: appSandboxSchemePrivileges },
])

let mainWindow: BrowserWindow | undefined
/** Set once the host runs: what a Windows session end (no will-quit then) has to clean up. */
let quitting: QuitSequence | undefined

/** The system open dialog for `pick_path`, attached to the window when there is one. */
const pickPath = createPathPicker((request) => (mainWindow ? dialog.showOpenDialog(mainWindow, request) : dialog.showOpenDialog(request)))
const pickSavePath = createSavePicker((request) => (mainWindow ? dialog.showSaveDialog(mainWindow, request) : dialog.showSaveDialog(request)), () => app.getPath('downloads'))

/** Install links from the OS; held until the host exists, then queued as install requests the window shows. */
const deepLinks = createDeepLinkInbox()
// macOS hands links over with 'open-url', possibly before 'ready' (also when the link launched the app).
app.on('open-url', (event, url) => {
  event.preventDefault()
  const link = installLinkFromUrl(url)
  if (link) deepLinks.receive(link)
})

function openExternal(safeUrl: string): void {
  shell.openExternal(safeUrl).catch((error: Error) => log('warn', 'electron', `Could not open a link: ${error.message}`))
}

/** Where the window's size and place are kept (windowBounds.ts); set once the data folder is known. */
let windowStateFile: string | undefined
/** Reloads the page after a renderer crash, a few times in a row at most. */
const rendererRecovery = createRendererRecovery()

function createWindow(ports: WindowPorts<MessagePortMain>, host: Host): BrowserWindow {
  const saved = windowStateFile ? loadWindowState(windowStateFile) : undefined
  const { maximized, ...bounds } = restoredBounds(saved, screen.getAllDisplays(), screen.getPrimaryDisplay(), WINDOW_SIZE)
  const window = new BrowserWindow(windowOptions({ preloadPath, prefersDark: nativeTheme.shouldUseDarkColors, devTools: !app.isPackaged, bounds }))
  window.once('ready-to-show', () => {
    if (maximized) window.maximize()
    window.show()
  })
  // With routines, closing may keep the app in the tray instead (asked once).
  window.on('close', (event) => onWindowClose(event, window, host))
  // Remembered when the window closes: the normal bounds (not the maximised ones) and whether it was maximised.
  window.on('close', () => {
    if (!windowStateFile) return
    const { x, y, width, height } = window.getNormalBounds()
    saveWindowState(windowStateFile, { x, y, width, height, maximized: window.isMaximized() }).catch((error: Error) => log('warn', 'electron', `Could not save the window's size and place: ${error.message}`))
  })
  // A crashed or closed page cannot answer; its sessions end now (pending frontend calls fail, F19).
  // Unless it exited cleanly, the page loads again instead of leaving a blank window.
  window.webContents.on('render-process-gone', (_event, details) => {
    void ports.close()
    if (window.isDestroyed()) return
    if (rendererRecovery.gone(details.reason) === 'reload') {
      log('warn', 'electron', `The window's page stopped (${details.reason}, exit code ${details.exitCode}); loading it again.`)
      window.loadURL(appUrl).catch((error: Error) => log('error', 'electron', `Could not reload ${appUrl}: ${error.message}`))
    } else if (details.reason !== 'clean-exit') {
      log('error', 'electron', `The window's page stopped again (${details.reason}) right after reloading; not reloading it any more. Close and reopen the window, or restart Switchboard.`)
    }
  })
  // Windows shutdown or log-off: the app gets no will-quit, so the host closes (and writes) now.
  window.on('session-end', () => quitting?.sessionEnding())
  window.on('closed', () => {
    void ports.close()
    if (mainWindow === window) mainWindow = undefined
  })
  window.loadURL(appUrl).catch((error: Error) => {
    log('error', 'electron', `Could not load ${appUrl}: ${error.message}`)
    // ready-to-show may never come for a failed load; an invisible app would look hung.
    if (!window.isDestroyed()) window.show()
  })
  return window
}

function showWindow(ports: WindowPorts<MessagePortMain>, host: Host): void {
  mainWindow ??= createWindow(ports, host)
  if (!mainWindow.isVisible()) mainWindow.show()
  if (mainWindow.isMinimized()) mainWindow.restore()
  mainWindow.focus()
}

/** The preload asks for ports on every page load; only our window's main frame showing our page gets them. */
function answerPortsRequest(event: IpcMainEvent, ports: WindowPorts<MessagePortMain>): void {
  const frame = event.senderFrame
  const trusted =
    mainWindow !== undefined && event.sender === mainWindow.webContents && frame !== null && isTrustedSender(frame.url, appUrl, frame.parent === null)
  if (!trusted) {
    log('warn', 'electron', `Ignored ${PORTS_REQUEST} from an untrusted frame (${frame?.url ?? 'gone'})`)
    return
  }
  // The page started and connected: a later crash is a new one, not a crash loop.
  rendererRecovery.connected()
  // ports.open() closes the previous page's sessions: a reload always starts from a fresh pair.
  const [hostPort, frontendPort] = ports.open()
  event.sender.postMessage(PORTS_MESSAGE, null, [hostPort, frontendPort])
}

/** Brings the window forward once it can exist; before that, showing it is part of starting. */
let raiseWindow: (() => void) | undefined

async function main(): Promise<void> {
  // Electron would name the folder after package.json ("switchboard"); browser mode uses APP_NAME
  // (host/dataDir.ts). Both must open the same data. Set before the lock, which lives in userData.
  app.setName(APP_NAME)
  // SWITCHBOARD_DATA_DIR gives one run a data folder of its own (the Electron smoke test, a portable setup).
  app.setPath('userData', process.env.SWITCHBOARD_DATA_DIR || join(app.getPath('appData'), APP_NAME))
  app.enableSandbox()
  // Started from Finder, the Dock or a desktop launcher, the app lacks the terminal's PATH (npx, uvx, docker):
  // read the login shell's in the background; stdio extensions started meanwhile wait for it (bounded).
  if (needsLoginShellPath({ platform: process.platform, isPackaged: app.isPackaged })) {
    void startDesktopPath({ shell: process.env.SHELL, home: homedir(), currentPath: process.env.PATH, timeoutMs: LOGIN_SHELL_TIMEOUT_MS }, process.env, (source) =>
      log('info', 'electron', `Extensions get the PATH of the ${source === 'login shell' ? 'login shell' : 'usual tool folders (the login shell did not answer in time)'}.`),
    )
  }

  // A second launch hands its install link over as data (its argv order is not reliable) and quits.
  if (!app.requestSingleInstanceLock(secondInstanceData(process.argv))) {
    app.quit()
    return
  }
  // Right after the lock: a launch or link during the seconds the host takes to start is not lost.
  app.on('second-instance', (_event, argv, _workingDirectory, additionalData) => {
    const link = installLinkFromSecondInstance(argv, additionalData)
    if (link) deepLinks.receive(link)
    raiseWindow?.()
  })
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, appUrl, openExternal))
  registerProtocolClient((scheme) => app.setAsDefaultProtocolClient(scheme), { isPackaged: app.isPackaged, platform: process.platform }, (message) => log('warn', 'electron', message))
  // Windows and Linux pass the link as an argument: to this launch, or to 'second-instance' above.
  const launchLink = installLinkFromArgv(process.argv)
  if (launchLink) deepLinks.receive(launchLink)
  const userModelId = appUserModelId({ platform: process.platform, isPackaged: app.isPackaged, execPath: process.execPath })
  if (userModelId) app.setAppUserModelId(userModelId)

  const dataDir = app.getPath('userData')
  windowStateFile = join(dataDir, 'window-state.json')
  // The single-instance lock above only sees other Electron processes; browser mode or `npm run host`
  // on this folder would be a second writer. Refused here, main() shows the one line and exits.
  const dataLock = await lockDataDir(dataDir, { entryPoint: 'the desktop app', elsewhere: 'start this one with SWITCHBOARD_DATA_DIR set to another folder' })
  // The keychain bindings first; where none loads, safeStorage (never its plain-text mode) before memory.
  const secrets = openSecretStore({
    backends: [
      ...keychainCandidates(),
      safeStorageCandidate({ safeStorage, file: join(dataDir, 'secrets.safeStorage.json'), platform: process.platform, whenReady: () => app.whenReady() }),
    ],
  })
  // The host opens its files while Electron gets ready; awaiting both together keeps a failure handled.
  const [host] = await Promise.all([createHost({ dataDir, secrets, makeSettingsConf: ({ cwd, configName, configFileMode }) => new Store({ cwd, name: configName, configFileMode }), openExternal: (url) => openCheckedLink(url, openExternal), pickPath, pickSavePath, notifyOs: (title, body) => new Notification({ title, body }).show() }), app.whenReady()])
  // Timers stand still while the computer sleeps: the routines check at once on wake.
  const stopWake = relayWake(powerMonitor, () => void host.services.routines.wake())
  const stopLoginItem = followStartAtLogin(host)
  app.on('before-quit', () => void (appQuitting = true))

  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate({ appName: APP_NAME, platform: process.platform, isPackaged: app.isPackaged })))
  session.defaultSession.protocol.handle(APP_SCHEME, (request) => appProtocolResponse(rendererDir, request.url, request.method))
  // MCP Apps: their own origin, framed only by our page (host/apps/appSandbox.ts sets the CSP per App).
  const appSandbox = createSandboxRegistry(APP_SANDBOX_ORIGIN_ELECTRON, [appUrl.startsWith('http') ? new URL(appUrl).origin : `${APP_SCHEME}://${APP_HOST}`])
  session.defaultSession.protocol.handle(APP_SANDBOX_SCHEME, (request) => appSandbox.respond(request.url, request.method))
  host.services.apps.setSandbox(appSandbox)
  // Notifications and clipboard writes for our own page (the frontend tools), and for App frames
  // what the person allowed an App; everything else is denied.
  const allowsAppFeature = (feature: string) => appSandbox.allowsFeature(feature)
  session.defaultSession.setPermissionRequestHandler(appPermissionRequest(appUrl, allowsAppFeature))
  session.defaultSession.setPermissionCheckHandler(appPermissionCheck(appUrl, allowsAppFeature))
  session.defaultSession.setDevicePermissionHandler(denyDevicePermission)

  const ports = createWindowPorts<MessagePortMain>({
    newPair: () => {
      const { port1, port2 } = new MessageChannelMain()
      return { main: port1, page: port2 }
    },
    connectHost: (transport) => host.connect(transport, 'electron'),
    onFrontend: (transport) => host.connectFrontend(transport),
    onError: (error) => log('warn', 'electron', `Window session: ${error.message}`),
  })
  ipcMain.on(PORTS_REQUEST, (event) => answerPortsRequest(event, ports))
  // Off until the person turns it on in Settings → General; electron-updater is not even loaded before.
  const stopUpdates = startAutoUpdates({
    isEnabled: () => host.services.settings.get().autoUpdate === true,
    onSettingsChange: (listener) => host.services.settings.onChange(listener),
    isPackaged: app.isPackaged,
  })
  quitting = holdQuitForCleanup(app, {
    cleanup: () => (stopUpdates(), stopWake(), stopLoginItem(), Promise.allSettled([ports.close(), host.close()]).then(() => dataLock.release())),
    budgetMs: QUIT_BUDGET_MS,
  })

  raiseWindow = () => showWindow(ports, host)
  // A link only fills in the Install link tab; installing still asks for consent (hostTools extension_import).
  deepLinks.attach((link) => {
    host.services.installRequests.add(link)
    showWindow(ports, host)
  })
  app.on('activate', () => showWindow(ports, host))
  app.on('window-all-closed', () => {
    // Kept in the tray, the window is hidden, not closed; a closed one means quit (not on macOS).
    if (process.platform !== 'darwin') app.quit()
  })
  showWindow(ports, host)
}

main().catch((error: Error) => {
  log('error', 'electron', error.stack ?? error.message)
  dialog.showErrorBox(`${APP_NAME} could not start`, error.message)
  app.exit(1)
})
