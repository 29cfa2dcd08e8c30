/**
 * Runs the built sandboxed preload (out/preload/index.cjs, built by `npm test` before vitest) in a
 * fresh VM context with a fake electron `ipcRenderer` and a fake window, checking the handshake
 * main and renderer rely on.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { PORTS_MESSAGE, PORTS_REQUEST, isPortsMessage, portsTargetOrigin } from '../../../src/shared/portHandshake'

const bundlePath = join(dirname(fileURLToPath(import.meta.url)), '../../../out/preload/index.cjs')

interface Posted {
  message: unknown
  targetOrigin: string
  transfer: readonly unknown[]
}

/** Loads the bundle as Electron's sandboxed preload would: `require` knows only 'electron'. */
function loadPreload(origin: string, readyState: 'loading' | 'interactive') {
  const ipcListeners = new Map<string, (event: { ports: unknown[] }) => void>()
  const sent: string[] = []
  const required: string[] = []
  const posted: Posted[] = []
  let domReady: (() => void) | undefined
  const fakeElectron = {
    ipcRenderer: {
      on: (channel: string, listener: (event: { ports: unknown[] }) => void) => void ipcListeners.set(channel, listener),
      send: (channel: string) => void sent.push(channel),
    },
  }
  const window = {
    location: { origin },
    document: { readyState },
    postMessage: (message: unknown, targetOrigin: string, transfer: readonly unknown[]) => void posted.push({ message, targetOrigin, transfer }),
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'DOMContentLoaded') domReady = listener
    },
  }
  const require = (id: string) => {
    required.push(id)
    if (id !== 'electron') throw new Error(`a sandboxed preload cannot require ${id}`)
    return fakeElectron
  }
  runInNewContext(readFileSync(bundlePath, 'utf8'), { ...window, window, require, module: { exports: {} }, exports: {} })
  return { ipcListeners, sent, required, posted, fireDomReady: () => domReady?.() }
}

describe('built preload (fake electron ipcRenderer, fake window)', () => {
  it('exists (npm test builds it first)', () => {
    expect(existsSync(bundlePath), 'run `npx electron-vite build` first').toBe(true)
  })

  it('requires nothing but electron, and listens only for the ports', () => {
    const preload = loadPreload('null', 'loading')
    expect(preload.required).toEqual(['electron'])
    expect([...preload.ipcListeners.keys()]).toEqual([PORTS_MESSAGE])
  })

  it('asks for ports once the DOM is ready, not before', () => {
    const preload = loadPreload('null', 'loading')
    expect(preload.sent).toEqual([])
    preload.fireDomReady()
    expect(preload.sent).toEqual([PORTS_REQUEST])
  })

  it('asks at once when the DOM is already ready', () => {
    expect(loadPreload('null', 'interactive').sent).toEqual([PORTS_REQUEST])
  })

  it.each([
    ['file:// (origin "null")', 'null', '*'],
    ['the dev server', 'http://localhost:5173', 'http://localhost:5173'],
  ])('posts both ports, in order, to its own window on %s', (_name, origin, targetOrigin) => {
    const preload = loadPreload(origin, 'interactive')
    const hostPort = { name: 'host' }
    const frontendPort = { name: 'frontend' }
    preload.ipcListeners.get(PORTS_MESSAGE)?.({ ports: [hostPort, frontendPort] })
    expect(preload.posted).toHaveLength(1)
    const [post] = preload.posted
    expect(isPortsMessage(post?.message)).toBe(true)
    expect(post?.targetOrigin).toBe(targetOrigin)
    expect(post?.transfer).toEqual([hostPort, frontendPort])
  })
})

describe('portHandshake', () => {
  it.each([
    [{ type: PORTS_MESSAGE }, true],
    [{ type: PORTS_MESSAGE, extra: 1 }, true],
    [{ type: 'other' }, false],
    [PORTS_MESSAGE, false],
    [null, false],
    [undefined, false],
    [[PORTS_MESSAGE], false],
  ])('isPortsMessage(%j) is %s', (data, expected) => {
    expect(isPortsMessage(data)).toBe(expected)
  })

  it('names a real origin and uses "*" only for the opaque file:// origin', () => {
    expect(portsTargetOrigin('null')).toBe('*')
    expect(portsTargetOrigin('http://localhost:5173')).toBe('http://localhost:5173')
  })
})
