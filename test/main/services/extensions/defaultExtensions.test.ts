/** The default extensions: given once per data folder, kept removed when the person removed them. */
import { describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFile } from 'node:fs/promises'
import { applyDefaultExtensions } from '../../../../src/main/services/extensions/defaultExtensions'
import { parseExtensionConfig, type ExtensionConfig } from '../../../../src/main/extensions'
import { createExtensionService } from '../../../../src/main/services/extensions/extensionService'
import { extensionsFile } from '../../../../src/main/services/extensions/extensionsFile'
import { tempDir } from '../../../helpers/tempDir'

const stdio = (id: string): ExtensionConfig => {
  const parsed = parseExtensionConfig({ id, name: id, type: 'stdio', command: 'node' })
  if (!parsed.ok) throw new Error(parsed.errors.join())
  return parsed.config
}

describe('applyDefaultExtensions', () => {
  it('a new folder gets System, the App window and Skills, without a notice', () => {
    const applied = applyDefaultExtensions([], undefined, true)
    expect(applied.configs.map((c) => [c.id, c.type, c.trust])).toEqual([
      ['system', 'builtin', 'trusted'],
      ['frontend', 'frontend', 'trusted'],
      ['skills', 'builtin', 'trusted'],
    ])
    expect(applied.offered).toEqual(['system', 'frontend', 'skills'])
    expect(applied.notices).toEqual([])
  })

  it('a folder from before the list gets the App window and Skills once, with a notice each, and not System again', () => {
    const applied = applyDefaultExtensions([stdio('mine')], undefined, false)
    expect(applied.configs.map((c) => c.id)).toEqual(['mine', 'frontend', 'skills'])
    // An upgrade brings the Skills extension, never a skill turned on.
    expect(applied.notices).toEqual([expect.stringMatching(/“App window” was added.*Settings → Extensions/), expect.stringMatching(/“Skills” was added\. Skills found on this computer stay off until you turn them on/)])
    const again = applyDefaultExtensions([stdio('mine')], applied.offered, false)
    expect(again.configs.map((c) => c.id)).toEqual(['mine'])
    expect(again.notices).toEqual([])
  })

  it('does not add a second window extension when one exists under another id', () => {
    const own = parseExtensionConfig({ id: 'window', name: 'Mine', type: 'frontend' })
    if (!own.ok) throw new Error(own.errors.join())
    expect(applyDefaultExtensions([own.config], ['system', 'skills'], false).configs.map((c) => c.id)).toEqual(['window'])
  })
})

describe('extension service with an existing extensions.json', () => {
  it('adds the App window once, saves that, and tells the person once', async () => {
    const dir = await tempDir()
    try {
      const path = join(dir.path, 'extensions.json')
      await writeFile(path, JSON.stringify({ version: 1, extensions: [{ id: 'system', name: 'System', type: 'builtin', builtin: 'system', trust: 'trusted' }] }))
      const open = () => {
        const notices: string[] = []
        const service = createExtensionService({ file: extensionsFile(dir.path), resolveSecrets: async () => ({}), appVersion: '0', notify: (m) => notices.push(m) })
        return { service, notices }
      }
      const first = open()
      expect(first.service.views().map((v) => v.id)).toEqual(['system', 'frontend', 'skills'])
      expect(first.notices).toHaveLength(2)
      await first.service.stop()
      const saved = JSON.parse(await readFile(path, 'utf8')) as { extensions: { id: string }[] }
      expect(saved).toMatchObject({ defaultsOffered: ['system', 'frontend', 'skills'] })
      // Removed by an earlier version (built-ins can no longer be removed): it stays removed.
      await writeFile(path, JSON.stringify({ ...saved, extensions: saved.extensions.filter((extension) => extension.id !== 'frontend') }))

      const second = open()
      expect(second.service.views().map((v) => v.id)).toEqual(['system', 'skills'])
      expect(second.notices).toEqual([])
      await second.service.stop()
    } finally {
      await dir.remove()
    }
  })
})

describe('built-in extensions', () => {
  it('say what they do and cannot be removed, only turned off', async () => {
    const dir = await tempDir()
    try {
      const service = createExtensionService({ file: extensionsFile(dir.path), resolveSecrets: async () => ({}), appVersion: '0', notify: () => {} })
      await service.add({ id: 'mine', name: 'Mine', type: 'stdio', command: 'node' })
      const views = service.views()
      expect(views.find((view) => view.id === 'system')?.builtIn?.description).toMatch(/operating system.*date and time/)
      expect(views.find((view) => view.id === 'frontend')?.builtIn?.description).toMatch(/charts.*notification.*clipboard/)
      expect(views.find((view) => view.id === 'skills')?.builtIn?.description).toMatch(/skill folders.*load_skill/)
      expect(views.find((view) => view.id === 'mine')?.builtIn).toBeUndefined()
      await expect(service.remove('system')).rejects.toThrow('“System” is built into Switchboard and cannot be removed. Turn it off')
      await expect(service.remove('frontend')).rejects.toThrow(/cannot be removed/)
      expect((await service.setEnabled('system', false)).enabled).toBe(false)
      await service.remove('mine')
      expect(service.views().map((view) => view.id)).toEqual(['system', 'frontend', 'skills'])
      await service.stop()
    } finally {
      await dir.remove()
    }
  })
})
