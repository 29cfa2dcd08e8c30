/** Importing command hooks: the Claude Code and VS Code `hooks` blocks read, and the usual files found on this computer. */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readHooksBlock } from '../../../src/main/hooks/commandHooks/importHooks'
import { createHookImport } from '../../../src/main/services/hooks/hookImport'
import { hookApproval } from '../../../src/main/services/hooks/hookApproval'
import { HookSchema, type Hook, type HookInput } from '../../../src/shared/hooksApi'
import { tempDir } from '../../helpers/tempDir'

const claudeSettings = {
  permissions: { allow: ['Bash(ls:*)'] },
  hooks: {
    PreToolUse: [
      { matcher: 'mcp__github__.*', hooks: [{ type: 'command', command: 'python3 guard.py', timeout: 10 }] },
      { matcher: 'Bash', hooks: [{ type: 'command', command: './bash-guard.sh' }, { type: 'prompt', prompt: 'Is this safe?' }] },
    ],
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'node add-context.js', timeout: 600 }] }],
    Notification: [{ hooks: [{ type: 'command', command: 'notify-send hi' }] }],
  },
}

describe('reading a hooks block', () => {
  it('reads Claude Code matcher groups, leaving out other types and events with the reason', () => {
    const read = readHooksBlock(JSON.stringify(claudeSettings), { path: '/p/.claude/settings.json', label: 'project', root: '/p' }, 'linux')
    expect(read.problem).toBeUndefined()
    expect(read.hooks.map((hook) => [hook.event, hook.command.line, hook.command.matcher, hook.command.cwd, hook.timeoutMs])).toEqual([
      ['tool-call', 'python3 guard.py', 'mcp__github__.*', '/p', 10_000],
      ['tool-call', './bash-guard.sh', 'Bash', '/p', 60_000],
      ['user-message', 'node add-context.js', undefined, '/p', 60_000],
    ])
    expect(read.hooks[1]?.warnings).toEqual([expect.stringContaining('names no MCP tool')])
    expect(read.hooks[2]?.warnings).toEqual([expect.stringContaining('shortened to the longest a hook may take here, 60 s')])
    expect(read.skipped).toEqual([expect.stringContaining('a "prompt" hook was left out'), expect.stringContaining('Notification: Switchboard has no such step')])
    // The same text gives the same keys (what hook_import picks by).
    expect(readHooksBlock(JSON.stringify(claudeSettings), { path: '/p/.claude/settings.json', label: 'project', root: '/p' }, 'linux').hooks.map((h) => h.key)).toEqual(read.hooks.map((h) => h.key))
  })

  it('reads VS Code entries (JSONC) with the command for this OS and a folder relative to the project', () => {
    const text = `{
      // VS Code hook file
      "hooks": { "PostToolUse": [ { "type": "command", "command": "./format.sh", "windows": "format.cmd", "cwd": "tools", "env": { "A": "1" }, }, ] }
    }`
    const linux = readHooksBlock(text, { path: '/w/.github/hooks/fmt.json', label: 'VS Code', root: '/w' }, 'linux')
    expect(linux.hooks).toMatchObject([{ event: 'tool-result', fileEvent: 'PostToolUse', command: { line: './format.sh', cwd: join('/w', 'tools') }, warnings: [expect.stringContaining('"env" is not used')] }])
    expect(readHooksBlock(text, { path: 'x', label: 'x', root: '/w' }, 'win32').hooks[0]?.command.line).toBe('format.cmd')
  })

  it('says what is wrong with text that is not a hooks block', () => {
    expect(readHooksBlock('{"mcpServers": {}}', { path: 'pasted', label: 'Pasted' }).problem).toMatch(/has no "hooks" block/)
    expect(readHooksBlock('{"hooks": ', { path: 'pasted', label: 'Pasted' }).problem).toMatch(/not valid JSON/)
  })
})

describe('the approval of an imported hook', () => {
  /** The launch warnings its approval shows, for a hook imported with `line`. */
  const warningsFor = (line: string, platform: NodeJS.Platform = 'linux') => {
    const [read] = readHooksBlock(JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: line }] }] } }), { path: 'pasted', label: 'Pasted' }, platform).hooks
    const hook = HookSchema.parse({ id: 'h', name: read!.name, event: read!.event, command: read!.command })
    const { subject } = hookApproval('a', hook, undefined)
    return subject.type === 'hook' ? subject.command?.warnings : undefined
  }

  it('recognises the launcher of a quoted program path, as Claude Code\'s own examples write it', () => {
    expect(warningsFor('"/usr/local/bin/node" "$CLAUDE_PROJECT_DIR/.claude/hooks/check.js"')).toEqual([])
    expect(warningsFor("'/opt/homebrew/bin/python3' check.py")).toEqual([])
    expect(warningsFor('"C:\\Program Files\\nodejs\\node.exe" C:\\hooks\\check.js', 'win32')).toEqual([])
  })

  it('names an unusual program once, without the quotes it was written with; inline code in quoted arguments is still seen', () => {
    expect(warningsFor('"$CLAUDE_PROJECT_DIR"/.claude/hooks/check.sh --strict')).toEqual(['"$CLAUDE_PROJECT_DIR/.claude/hooks/check.sh" is not a common launcher (npx, uvx, docker, node, python, dnx). Make sure you know what this program is.'])
    expect(warningsFor('"/usr/bin/node" "-e" "require(\'x\')"')).toEqual([expect.stringContaining('"node -e" runs code written inline')])
  })
})

describe('importing from this computer', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup()
  })

  it('finds the usual files, runs identical hooks once, marks those already there, and saves the chosen ones', async () => {
    const dir = await tempDir('switchboard-hook-import-')
    cleanups.push(dir.remove)
    const home = join(dir.path, 'home')
    const root = join(dir.path, 'project')
    const write = async (path: string, value: unknown) => {
      await mkdir(join(path, '..'), { recursive: true })
      await writeFile(path, typeof value === 'string' ? value : JSON.stringify(value))
    }
    await write(join(home, '.claude', 'settings.json'), { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }] } })
    await write(join(root, '.claude', 'settings.json'), claudeSettings)
    await write(join(root, '.claude', 'settings.local.json'), { hooks: { PreToolUse: [{ matcher: 'mcp__github__.*', hooks: [{ type: 'command', command: 'python3 guard.py', timeout: 10 }] }] } })
    await write(join(root, '.github', 'hooks', 'fmt.json'), { hooks: { PostToolUse: [{ type: 'command', command: './format.sh' }] } })
    await write(join(home, '.config', 'Code', 'User', 'settings.json'), '{ "chat.hookFilesLocations": { "hooks-extra": true } }')
    await write(join(root, 'hooks-extra', 'more.json'), { hooks: { SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'echo hi' }] }] } })

    const saved: HookInput[] = []
    const existing: Hook[] = [{ id: 'old', name: 'old', event: 'turn-end', command: { line: 'say done', source: 'x' }, observeOnly: false, match: {}, enabled: true, timeoutMs: 5000, approvedTarget: undefined }]
    const imports = createHookImport({
      hooks: () => existing,
      save: async (input) => {
        saved.push(input)
        return { ...existing[0]!, ...input, id: String(saved.length) } as Hook
      },
      roots: () => [root],
      environment: () => ({ home, env: {}, platform: 'linux' }),
    })
    const preview = await imports.preview({})
    expect(preview.sources.map((source) => [source.path.slice(dir.path.length), source.found])).toEqual([
      ['/home/.claude/settings.json', 1],
      ['/project/.claude/settings.json', 3],
      // The same guard again: it runs once.
      ['/project/.claude/settings.local.json', 0],
      ['/project/.github/hooks/fmt.json', 1],
      ['/project/hooks-extra/more.json', 1],
    ])
    expect(preview.hooks.map((hook) => [hook.command.line, hook.exists])).toEqual([
      ['say done', true],
      ['python3 guard.py', false],
      ['./bash-guard.sh', false],
      ['node add-context.js', false],
      ['./format.sh', false],
      ['echo hi', false],
    ])
    const result = await imports.run({ keys: preview.hooks.filter((hook) => hook.command.line !== './bash-guard.sh').map((hook) => hook.key) })
    expect(result.problems).toEqual([])
    expect(saved.map((input) => [input.event, input.command?.line, input.command?.cwd, input.command?.source?.slice(dir.path.length)])).toEqual([
      ['tool-call', 'python3 guard.py', root, '/project/.claude/settings.json'],
      ['user-message', 'node add-context.js', root, '/project/.claude/settings.json'],
      ['tool-result', './format.sh', root, '/project/.github/hooks/fmt.json'],
      ['session-start', 'echo hi', root, '/project/hooks-extra/more.json'],
    ])
    expect(await imports.run({ keys: ['not-a-key'] })).toEqual({ saved: [], problems: [expect.stringContaining('Nothing was imported')] })
  })
})
