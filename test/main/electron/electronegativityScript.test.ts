import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { classifyFindings, originalName, parseAllowList } from '../../../scripts/electronegativity.mjs'
import { tempDir } from '../../helpers/tempDir'

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..')
const REASON = 'Reviewed: this is why it is not a problem.'

describe('electronegativity allow-list', () => {
  it('the project allow-list parses, and every entry carries a reason', () => {
    const entries = parseAllowList(readFileSync(join(root, 'build/electronegativity-allow.json'), 'utf8'))
    expect(entries.length).toBeGreaterThan(0)
    for (const entry of entries) expect(entry.reason.length).toBeGreaterThanOrEqual(20)
  })

  it('reads check-wide, per-file and per-sample entries and skips $comments', () => {
    const text = JSON.stringify({
      $comment: 'ignored',
      A_CHECK: REASON,
      B_CHECK: { 'main/index.js': REASON, $comment: 'ignored' },
      C_CHECK: { 'main/*.js': { sample: 'new BrowserWindow(windowOptions(', reason: REASON } },
    })
    expect(parseAllowList(text)).toEqual([
      { check: 'A_CHECK', file: undefined, sample: undefined, reason: REASON },
      { check: 'B_CHECK', file: 'main/index.js', sample: undefined, reason: REASON },
      { check: 'C_CHECK', file: 'main/*.js', sample: 'new BrowserWindow(windowOptions(', reason: REASON },
    ])
  })

  it.each([
    ['an array', '[]'],
    ['a missing reason', '{"A_CHECK": ""}'],
    ['a token reason', '{"A_CHECK": "false positive"}'],
    ['a lower-case check id', `{"a_check": "${REASON}"}`],
    ['a per-file entry without reason', '{"A_CHECK": {"main/index.js": {"sample": "x"}}}'],
    ['a per-file entry with an empty sample', `{"A_CHECK": {"main/index.js": {"sample": "", "reason": "${REASON}"}}}`],
    ['a list of files', '{"A_CHECK": ["main/index.js"]}'],
    ['broken JSON', '{'],
  ])('rejects %s', (_name, text) => {
    expect(() => parseAllowList(text)).toThrow()
  })

  it('allows only matching check, file pattern and sample, and names unused entries', () => {
    const allowList = parseAllowList(
      JSON.stringify({
        EVERYWHERE: REASON,
        IN_ASSETS: { 'renderer/assets/index-*.js': REASON },
        AT_CALL: { 'main/index.js': { sample: 'safeUrl', reason: REASON } },
        NEVER_SEEN: REASON,
      }),
    )
    const findings = [
      { id: 'EVERYWHERE', file: 'preload/index.cjs' },
      { id: 'IN_ASSETS', file: 'renderer/assets/index-AbC123.js' },
      { id: 'IN_ASSETS', file: 'renderer/assets/nested/index-AbC123.js' },
      { id: 'IN_ASSETS', file: 'main/index.js' },
      { id: 'AT_CALL', file: 'main/index.js', sample: 'shell.openExternal(safeUrl)' },
      { id: 'AT_CALL', file: 'main/index.js', sample: 'shell.openExternal(event.url)' },
      { id: 'UNKNOWN', file: 'main/index.js' },
    ]
    const { unexpected, unusedEntries } = classifyFindings(findings, allowList)
    expect(unexpected).toEqual([findings[2], findings[3], findings[5], findings[6]])
    expect(unusedEntries.map((entry) => entry.check)).toEqual(['NEVER_SEEN'])
  })

  it('maps staged .cjs/.mjs names back', () => {
    expect(originalName('preload/index.cjs.js')).toBe('preload/index.cjs')
    expect(originalName('main/chunk.mjs.js')).toBe('main/chunk.mjs')
    expect(originalName('main/index.js')).toBe('main/index.js')
  })
})

/** Runs the script over `build`, with its report in `reports`. */
async function runScript(build: string, reports: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(root, 'scripts/electronegativity.mjs'), build, '--report-dir', reports], { cwd: root })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const [code] = (await once(child, 'exit')) as [number]
  return { code, stdout, stderr }
}

describe('scripts/electronegativity.mjs', () => {
  it('fails and lists findings on an insecure build (preload .cjs included)', async () => {
    const work = await tempDir()
    try {
      const build = join(work.path, 'out')
      const reports = join(work.path, 'reports')
      await mkdir(join(build, 'main'), { recursive: true })
      await mkdir(join(build, 'preload'))
      await writeFile(
        join(build, 'main/index.js'),
        "import { BrowserWindow } from 'electron'\nconst w = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } })\n",
      )
      await writeFile(join(build, 'preload/index.cjs'), "const { shell } = require('electron')\nshell.openExternal(location.hash.slice(1))\n")
      const { code, stdout, stderr } = await runScript(build, reports)
      expect(code, stderr).toBe(1)
      expect(stdout).not.toMatch(/ES2021 form/)
      expect(stdout).toMatch(/NODE_INTEGRATION_JS_CHECK main\/index\.js:2/)
      expect(stdout).toMatch(/CONTEXT_ISOLATION_JS_CHECK main\/index\.js:2/)
      expect(stdout).toMatch(/OPEN_EXTERNAL_JS_CHECK preload\/index\.cjs:2/)
      expect(stdout).toMatch(/FAILED: \d+ finding\(s\) not allow-listed/)
      const report = JSON.parse(readFileSync(join(reports, 'findings.json'), 'utf8')) as { issues: { id: string; file: string }[] }
      expect(report.issues).toContainEqual(expect.objectContaining({ id: 'OPEN_EXTERNAL_JS_CHECK', file: 'preload/index.cjs' }))
    } finally {
      await work.remove()
    }
  })

  it('checks a file with class private fields and static blocks in its ES2021 form instead of leaving it unparsed', async () => {
    const work = await tempDir()
    try {
      const build = join(work.path, 'out')
      const reports = join(work.path, 'reports')
      await mkdir(join(build, 'main/chunks'), { recursive: true })
      await writeFile(join(build, 'main/index.js'), "import './chunks/window.js'\n")
      await writeFile(
        join(build, 'main/chunks/window.js'),
        [
          "import { BrowserWindow } from 'electron'",
          'class Opener {',
          '  #count = 0',
          '  static { Opener.ready = true }',
          '  open() { this.#count++; return new BrowserWindow({ webPreferences: { nodeIntegration: true } }) }',
          '}',
          'await new Opener().open()',
          '',
        ].join('\n'),
      )
      const { code, stdout, stderr } = await runScript(build, reports)
      expect(code, stderr).toBe(1)
      expect(stdout).not.toMatch(/UNPARSED/)
      expect(stdout).toMatch(/scanned in ES2021 form .*: main\/chunks\/window\.js\n/)
      expect(stdout).toMatch(/NODE_INTEGRATION_JS_CHECK main\/chunks\/window\.js:\d+/)
      const lowered = readFileSync(join(reports, 'lowered/main/chunks/window.js'), 'utf8')
      expect(lowered).not.toMatch(/#count|static \{/)
      expect(lowered).toMatch(/await new Opener\(\)\.open\(\)/)
    } finally {
      await work.remove()
    }
  })
})
