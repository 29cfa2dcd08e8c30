/** The edit form of an installed extension: filled in from its config, and turned back into the same config when nothing changed. */
import { describe, expect, it } from 'vitest'
import { buildSubmission, formFromExtension, isEditable } from '../../src/renderer/components/extensions/add/extensionForm'

describe('formFromExtension', () => {
  it('gives back the same config, secret references and masked values kept as they are', () => {
    const config = { id: 'gh', name: 'GitHub', type: 'stdio', command: 'npx', args: ['-y', '@scope/server github'], env: { GITHUB_TOKEN: '${secret:extension:gh:env:GITHUB_TOKEN}', LEVEL: 'debug' }, cwd: '/home/me' }
    const form = formFromExtension({ id: 'gh', name: 'GitHub', type: 'stdio', trust: 'trusted', config })
    expect(form).toMatchObject({ id: 'gh', idEdited: true, command: 'npx', args: '-y\n@scope/server github', cwd: '/home/me', trusted: true })
    const { config: rebuilt, secrets } = buildSubmission(form)
    expect(secrets).toEqual([])
    expect(rebuilt).toEqual({ ...config, trust: 'trusted', enabled: true })
  })

  it('fills in a server at a URL with its headers', () => {
    const form = formFromExtension({ id: 'docs', name: 'Docs', type: 'streamable-http', trust: 'untrusted', config: { url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'docs' } } })
    expect(buildSubmission(form).config).toEqual({ id: 'docs', name: 'Docs', type: 'streamable-http', url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'docs' }, trust: 'untrusted', enabled: true })
  })

  it('edits only the kinds the form can show', () => {
    expect(['stdio', 'streamable-http', 'sse'].every(isEditable)).toBe(true)
    expect(isEditable('builtin') || isEditable('frontend')).toBe(false)
  })
})
