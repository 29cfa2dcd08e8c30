/**
 * The data folder is the person's own (issue 12 item 9): on POSIX every folder the host creates is
 * 0700 and every file 0600 (a bundle's program files 0700), so other local users cannot read chats,
 * settings or bundles. A data folder an earlier version left 0755 is narrowed at start.
 */
import { chmod, mkdir, readdir, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { call } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { tempDir } from '../../helpers/tempDir'
import { fixtureBundle, fixtureManifest } from '../extensions/bundles/bundleFixtures'

const startTestHost = testHostsStoppedAfterEach()

/** Every path under `dir` (itself included) with its permission bits. */
async function modesUnder(dir: string): Promise<{ path: string; kind: 'dir' | 'file'; mode: number }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const paths = [{ path: dir, dir: true }, ...entries.map((entry) => ({ path: join(entry.parentPath, entry.name), dir: entry.isDirectory() }))]
  return Promise.all(paths.map(async ({ path, dir: isDir }) => ({ path, kind: isDir ? ('dir' as const) : ('file' as const), mode: (await stat(path)).mode & 0o777 })))
}

describe.skipIf(process.platform === 'win32')('file modes in the data folder', () => {
  it('creates folders 0700 and files 0600 for settings, sessions, permissions, extensions, models and bundles', async () => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await call(client, 'settings_update', { patch: { theme: 'dark' } })
    await call(client, 'session_create', { title: 'private chat' })
    await call(client, 'permission_mode_set', { mode: 'smart' })
    await call(client, 'provider_save', { provider: { id: 'local', kind: 'openai-compatible', name: 'Local', baseUrl: 'http://127.0.0.1:9/v1', models: ['m'] } })
    await call(client, 'extension_add', { config: { id: 'later', name: 'Later', type: 'stdio', command: 'node', args: ['server.js'], enabled: false } })
    const bundle = await fixtureBundle(fixtureManifest(), { 'server/tool.sh': { data: '#!/bin/sh\n', mode: 0o100755 } })
    // Upload in two chunks (the uploads folder), then preview and install (staging and install folders).
    const half = Math.floor(bundle.length / 2)
    const first = (await call(client, 'bundle_upload', { data: bundle.subarray(0, half).toString('base64') })).structuredContent as { uploadId: string }
    await call(client, 'bundle_upload', { uploadId: first.uploadId, data: bundle.subarray(half).toString('base64') })
    const sheet = (await call(client, 'bundle_preview', { uploadId: first.uploadId })).structuredContent as { token: string }
    await call(client, 'extension_install_bundle', { token: sheet.token, userConfig: {} })
    await h.settle()

    const modes = await modesUnder(h.dataDir)
    const names = modes.map(({ path }) => path.slice(h.dataDir.length))
    for (const expected of ['/settings.json', '/sessions/index.json', '/permissions.json', '/extensions.json', '/models.json', '/extensions/bundles.json']) {
      expect(names).toContain(expected)
    }
    expect(names.some((name) => name.endsWith('/server/tool.sh'))).toBe(true)
    const wrong = modes.filter(({ path, kind, mode }) => mode !== (kind === 'dir' || path.endsWith('.sh') ? 0o700 : 0o600))
    expect(wrong.map(({ path, mode }) => `${path.slice(h.dataDir.length)} ${mode.toString(8)}`)).toEqual([])
  })

  it('narrows a data folder and settings file an earlier version created with default modes', async () => {
    const dir = await tempDir()
    try {
      const dataDir = join(dir.path, 'data')
      await mkdir(dataDir, { mode: 0o755 })
      await chmod(dataDir, 0o755)
      await writeFile(join(dataDir, 'settings.json'), '{"theme":"light"}', { mode: 0o644 })
      await chmod(join(dataDir, 'settings.json'), 0o644)
      const h = await startTestHost(dataDir)
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700)
      expect((await stat(join(dataDir, 'settings.json'))).mode & 0o777).toBe(0o600)
      await h.stop()
    } finally {
      await dir.remove()
    }
  })
})
