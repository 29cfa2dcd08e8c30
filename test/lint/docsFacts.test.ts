/**
 * scripts/docsFacts.mjs (`npm run docs:check`) against a small repository of its own: the README at
 * the base revision names headings and the contract names tools and resources; the working tree's
 * README.md and docs/ must still hold each of them.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const SCRIPT = resolve(__dirname, '../../scripts/docsFacts.mjs')

const LONG_README = `# App

## Set up

\`\`\`sh
## not a heading: a comment in a shell block
\`\`\`

### Headless host

## Permissions

Text.
`

const HOST_API = `import { z } from 'zod'
import { ChatToolInput } from './chatApi'
export * from './chatApi'

export const HostResource = { sessions: 'switchboard://sessions' } as const

export const HostToolInput = {
  session_create: z.object({ title: z.string().optional() }),
  ...ChatToolInput,
} as const
`

const CHAT_API = `import { z } from 'zod'
/** Built at run time, not a name of the contract: \`switchboard://install?config=…\` */
export const progressUri = (id: string): string => \`switchboard://sessions/\${id}/progress\`
export const ChatToolInput = {
  chat_send: z.object({
    text: z.string(),
  }),
  chat_cancel: z.object({ sessionId: z.string() }),
} as const
`

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}

/** A git repository whose HEAD holds the long README and the contract. */
function repository(): string {
  const root = mkdtempSync(join(tmpdir(), 'docs-facts-'))
  write(root, 'README.md', LONG_README)
  write(root, 'src/shared/hostApi.ts', HOST_API)
  write(root, 'src/shared/chatApi.ts', CHAT_API)
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: root, stdio: 'ignore' })
  git('init', '-q')
  git('add', '.')
  git('commit', '-q', '-m', 'long README')
  return root
}

function check(root: string, ...args: string[]): { status: number | null; stdout: string } {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: root, encoding: 'utf8' })
  return { status: run.status, stdout: run.stdout + run.stderr }
}

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

describe('docs:check (scripts/docsFacts.mjs)', () => {
  it('names a heading of the old README that no page of the new docs has, and passes once a page has it', () => {
    const root = repository()
    roots.push(root)
    // The README becomes short; its sections move to the guide, but "Permissions" is forgotten.
    write(root, 'README.md', '# App\n\nSee docs/guide.\n')
    write(root, 'docs/guide/setup.md', '# Set up\n\n## Headless host\n\n`session_create`, `chat_send` and `chat_cancel` on `switchboard://sessions`.\n')

    const missing = check(root)
    expect(missing.status).toBe(1)
    expect(missing.stdout).toContain('heading  ## Permissions')
    expect(missing.stdout).not.toContain('Set up')
    expect(missing.stdout).not.toContain('Headless host')
    expect(missing.stdout).not.toContain('not a heading')

    write(root, 'docs/guide/permissions.md', '# Permissions\n')
    const complete = check(root)
    expect(complete.stdout).toContain('all 3 README headings and 3 host tools and 1 resource URIs of HEAD')
    expect(complete.status).toBe(0)
  })

  it('finds the tools of the contract files hostApi.ts imports, and a name only as a whole word', () => {
    const root = repository()
    roots.push(root)
    write(root, 'docs/api.md', '`session_create`, `chat_send`, `chat_cancelled` and switchboard://sessions.\n')

    const result = check(root)
    expect(result.status).toBe(1)
    expect(result.stdout).toContain('name     chat_cancel')
    expect(result.stdout).not.toContain('name     chat_send')
    expect(result.stdout).not.toContain('install?config')
    expect(result.stdout).not.toContain('/progress')
  })

  it('reads the README and the contract at the revision given with --base', () => {
    const root = repository()
    roots.push(root)
    // A later commit drops a section and a tool; the check against the first commit still wants them.
    write(root, 'README.md', '# App\n\n## Set up\n\n### Headless host\n\n`session_create` `chat_send` `chat_cancel` switchboard://sessions\n')
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '-am', 'short README'], { cwd: root })

    expect(check(root).status).toBe(0)
    const againstOld = check(root, '--base', 'HEAD~1')
    expect(againstOld.status).toBe(1)
    expect(againstOld.stdout).toContain('heading  ## Permissions')
  })
})
