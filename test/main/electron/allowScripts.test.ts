import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..')
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>

describe('package.json allowScripts and the installed electron package', () => {
  const project = readJson(join(root, 'package.json')) as { allowScripts?: Record<string, boolean> }
  const electron = readJson(createRequire(join(root, 'package.json')).resolve('electron/package.json')) as { version: string; scripts?: Record<string, string> }
  const installs = ['preinstall', 'install', 'postinstall'].some((name) => electron.scripts?.[name] !== undefined)

  it('lets the electron install script run when the package has one, and names none when it has none', () => {
    // Electron ≤ 41 downloads its binary in postinstall (blocked by `false`: npm start would always open
    // browser mode); Electron ≥ 42 has no install script and downloads on demand (`npx install-electron`).
    if (installs) expect(project.allowScripts?.electron, `electron ${electron.version} has an install script`).toBe(true)
    else expect(project.allowScripts ?? {}, `electron ${electron.version} has no install script`).not.toHaveProperty('electron')
  })
})
