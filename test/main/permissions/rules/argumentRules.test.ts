/**
 * Argument rules: path globs with ~ and .. escapes, text globs, regexes and their safety checks,
 * JSON pointers, conservative matching, which rule wins, and the tester.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { compileRule, evaluateRules, testRule, type CompiledRule, type RuleEnvironment } from '../../../../src/main/permissions/rules/argumentRules'
import { compileRuleRegex, MAX_REGEX_INPUT } from '../../../../src/main/permissions/rules/ruleRegex'
import type { ArgumentRule } from '../../../../src/main/permissions/permissionSchema'
import { wildcardMatch } from '../../../../src/main/permissions/rules/wildcard'
import { HOME } from '../callFixtures'

/** How often the path-glob matcher compared a wildcard segment (the real matcher runs; this only counts). */
const wildcardCalls = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../../../src/main/permissions/rules/wildcard', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../src/main/permissions/rules/wildcard')>()
  return {
    ...actual,
    wildcardMatch: (...args: Parameters<typeof actual.wildcardMatch>) => {
      wildcardCalls.count++
      return actual.wildcardMatch(...args)
    },
  }
})
beforeEach(() => {
  wildcardCalls.count = 0
})

/** `text` as a String object that counts how often one of its characters is read: the matcher's steps. */
function countingText(text: string): { value: string; reads: () => number } {
  let reads = 0
  const counted = new Proxy(new String(text), {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++
      return Reflect.get(target, key, receiver) as unknown
    },
  })
  // The matcher only reads .length and characters by index, which a String object answers like a string.
  return { value: counted as unknown as string, reads: () => reads }
}

const env: RuleEnvironment = { homeDir: HOME, caseInsensitivePaths: false }

const rule = (overrides: Partial<ArgumentRule> = {}): ArgumentRule => ({
  id: 'r1',
  tool: 'files__write_file',
  argument: 'path',
  match: { glob: '~/Notes/**' },
  decision: 'allow',
  ...overrides,
})

function compiled(...rules: ArgumentRule[]): CompiledRule[] {
  return rules.map((r) => {
    const result = compileRule(r, env)
    if (!result.ok) throw new Error(result.error)
    return result.compiled
  })
}

const write = (path: unknown) => ({ toolName: 'files__write_file', arguments: { path, content: 'x' } })

describe('path globs', () => {
  it.each([
    // [glob, value, decision, expected]
    ['~/Notes/**', '~/Notes/todo.md', 'allow', 'allow'],
    ['~/Notes/**', `${HOME}/Notes/deep/er/file.txt`, 'allow', 'allow'],
    ['~/Notes/**', `${HOME}/Notes/.git/config`, 'allow', 'allow'],
    ['~/Notes/**', `${HOME}/Notes`, 'allow', 'allow'],
    ['~/Notes/**', '~/Notes/../.ssh/id_rsa', 'allow', 'none'],
    ['~/Notes/**', `${HOME}/Notes/../../ada/.ssh/id_rsa`, 'allow', 'none'],
    ['~/Notes/**', `${HOME}/Notes/./a/../../.ssh/id_rsa`, 'allow', 'none'],
    ['~/Notes/**', `${HOME}/Notesbook/secret`, 'allow', 'none'],
    ['~/Notes/**', `${HOME}//Notes//x.md`, 'allow', 'allow'],
    ['~/Notes/**', 'file:///home/ada/Notes/x.md', 'allow', 'allow'],
    ['~/Notes/**', 'file:///home/ada/Notes/%2E%2E/.ssh/id_rsa', 'allow', 'none'],
    ['~/Notes/*.md', '~/Notes/sub/x.md', 'allow', 'none'],
    ['~/Notes/*.{md,txt}', '~/Notes/x.txt', 'allow', 'allow'],
    ['/tmp/**', '/tmp/../etc/passwd', 'allow', 'none'],
    ['/etc/**', '/tmp/../etc/passwd', 'deny', 'deny'],
    ['~/.ssh/**', '~/Notes/../.ssh/id_rsa', 'deny', 'deny'],
    ['~/.ssh/**', '~/.SSH/id_rsa', 'deny', 'none'],
    ['C:\\Users\\ada\\Notes\\**', 'c:\\Users\\ada\\Notes\\x.md', 'allow', 'allow'],
    ['C:\\Users\\ada\\Notes\\**', 'C:\\Users\\ada\\Notes\\..\\AppData\\x', 'allow', 'none'],
  ] as const)('%s vs %s (%s rule) → %s', (glob, value, decision, expected) => {
    expect(evaluateRules(compiled(rule({ match: { glob }, decision })), write(value)).decision).toBe(expected)
  })

  it('relative and unresolvable paths never satisfy an allow rule but do trip deny/ask rules', () => {
    for (const value of ['notes.md', '../.ssh/id_rsa', '~bob/x', 'a\0b', '\\\\server\\share\\x']) {
      const allow = evaluateRules(compiled(rule()), write(value))
      expect(allow.decision, value).toBe('none')
      expect(allow.trace[0]!.detail, value).toMatch(/cannot be checked/)
      const deny = evaluateRules(compiled(rule({ match: { glob: '~/.ssh/**' }, decision: 'deny' })), write(value))
      expect(deny.decision, value).toBe('deny')
      expect(deny.reason, value).toMatch(/to be safe/)
    }
  })

  it('compares without case when the file system does', () => {
    const insensitive = compileRule(rule({ match: { glob: '~/.ssh/**' }, decision: 'deny' }), { ...env, caseInsensitivePaths: true })
    if (!insensitive.ok) throw new Error(insensitive.error)
    expect(evaluateRules([insensitive.compiled], write('~/.SSH/id_rsa')).decision).toBe('deny')
  })

  it('treats a home folder with glob characters literally', () => {
    const weird = compileRule(rule({ match: { glob: '~/**' } }), { homeDir: '/home/a[1]', caseInsensitivePaths: false })
    if (!weird.ok) throw new Error(weird.error)
    expect(weird.compiled.checkValue('/home/a[1]/x')).toEqual({ kind: 'match' })
    expect(weird.compiled.checkValue('/home/a1/x')).toEqual({ kind: 'no-match' })
  })

  it.each([
    ['~/Notes/../.ssh/**', /contains "\.\."/],
    ['~bob/**', /another user's home/],
    ['file:///home/ada/**', /not as a file:\/\/ URL/],
    ['~/{a,{b,c}}/**', /nests braces/],
    ['~/{a,b/**', /without a matching "}"/],
    ['~/{a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b}', /more than 64 alternatives/],
  ])('rejects the glob %s with a clear message', (glob, message) => {
    const result = compileRule(rule({ match: { glob } }), env)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error).toMatch(message)
  })

  it('matches hostile globs in work linear in the path (a regex-compiling glob library took seconds here)', () => {
    for (const glob of ['~/**/*a*a*b', '~/**/*a*a*a*a*a*a*b', '~/**/**/**/**/**/x*', '~/*/*/*/*/*/*/*/*/x', '~/**/*/**/*/x*']) {
      const result = compileRule(rule({ match: { glob } }), env)
      if (!result.ok) throw new Error(result.error)
      // Wildcard comparisons for a path of `segments` folders; each comparison is linear itself (below).
      const work = (segments: number) => {
        wildcardCalls.count = 0
        expect(result.compiled.checkValue(`${HOME}/${'a/'.repeat(segments)}`), glob).toEqual({ kind: 'no-match' })
        expect(result.compiled.checkValue(`${HOME}/${'a'.repeat(2 * segments)}`), glob).toEqual({ kind: 'no-match' })
        return wildcardCalls.count
      }
      // Every glob here has wildcard segments, so the work is seen (a regex-compiling matcher would do none here) …
      const base = work(200)
      expect(base, glob).toBeGreaterThan(0)
      // … and ten times the path costs at most twenty times the work (backtracking over ** would be ×100 or more).
      expect(work(2000), glob).toBeLessThanOrEqual(20 * base)
    }
  })

  it.each([
    ['~/{Notes,Docs}/**', '~/Docs/a/b', 'allow'],
    ['~/Notes/{a,b}-{1,2}.md', '~/Notes/b-2.md', 'allow'],
    ['~/Notes/{a,b}-{1,2}.md', '~/Notes/c-2.md', 'none'],
    ['~/**', '~/.ssh/id_rsa', 'allow'],
    ['~/*', '~/.bashrc', 'allow'],
    ['~/*', '~/Notes/x', 'none'],
    ['/srv/**/*.log', '/srv/a/b/c.log', 'allow'],
    ['/srv/**/*.log', '/srv/c.log', 'allow'],
    ['/srv/**/*.log', '/srv/a/c.txt', 'none'],
  ] as const)('glob %s vs %s → %s', (glob, value, expected) => {
    expect(evaluateRules(compiled(rule({ match: { glob } })), write(value)).decision).toBe(expected)
  })

  it('checks every value of an array argument: allow needs all, deny needs one', () => {
    const read = (paths: string[]) => ({ toolName: 'files__read_multiple_files', arguments: { paths } })
    const allow = compiled(rule({ tool: 'files__*', argument: 'paths' }))
    expect(evaluateRules(allow, read(['~/Notes/a', '~/Notes/b'])).decision).toBe('allow')
    expect(evaluateRules(allow, read(['~/Notes/a', '~/.ssh/id_rsa'])).decision).toBe('none')
    expect(evaluateRules(allow, read([])).decision).toBe('none')
    const deny = compiled(rule({ tool: 'files__*', argument: 'paths', match: { glob: '~/.ssh/**' }, decision: 'deny' }))
    expect(evaluateRules(deny, read(['~/Notes/a', '~/.ssh/id_rsa'])).decision).toBe('deny')
  })
})

describe('text globs, tools and arguments', () => {
  it.each([
    ['files__*', 'files__write_file', true],
    ['files__*', 'filesx__write_file', false],
    ['*__delete_*', 'github__delete_repo', true],
    ['files__read_?ile', 'files__read_file', true],
    ['files__read_file', 'files__read_file_2', false],
  ])('tool pattern %s vs %s → %s', (pattern, name, expected) => {
    expect(wildcardMatch(pattern, name)).toBe(expected)
  })

  it('matches non-path globs as plain text where * crosses slashes', () => {
    const rules = compiled(rule({ tool: 'web__fetch', argument: 'url', match: { glob: 'https://api.example.com/*' } }))
    expect(evaluateRules(rules, { toolName: 'web__fetch', arguments: { url: 'https://api.example.com/v1/items?x=1' } }).decision).toBe('allow')
    expect(evaluateRules(rules, { toolName: 'web__fetch', arguments: { url: 'https://api.example.com.evil.io/x' } }).decision).toBe('none')
  })

  it('matches hostile wildcard patterns in steps linear in the value', () => {
    for (const pattern of ['*a*a*a*a*a*a*a*a*b', '*a*b', '*?*?*?*?b', 'a*a*a*a*a*a*a*a*b']) {
      const steps = (length: number) => {
        const value = countingText('a'.repeat(length) + 'c')
        expect(wildcardMatch(pattern, value.value), pattern).toBe(false)
        return value.reads()
      }
      // Ten times the value, at most twenty times the steps (quadratic would be ×100, a backtracking regex far more).
      expect(steps(4000), pattern).toBeLessThanOrEqual(20 * steps(400))
    }
  })

  it('finds arguments by JSON pointer, own properties only', () => {
    const rules = compiled(rule({ tool: 'files__*', argument: '/options/target~1path', match: { glob: '/srv/**' } }))
    expect(evaluateRules(rules, { toolName: 'files__copy', arguments: { options: { 'target/path': '/srv/x' } } }).decision).toBe('allow')
    const proto = compiled(rule({ tool: 'files__*', argument: '/__proto__/polluted', match: { glob: '*' } }))
    const trace = evaluateRules(proto, { toolName: 'files__copy', arguments: {} }).trace[0]!
    expect(trace.outcome).toBe('argument-missing')
  })

  it('says which rules did not apply and why', () => {
    const result = evaluateRules(compiled(rule({ id: 'other', tool: 'mail__*' }), rule({ id: 'notes' })), { toolName: 'files__write_file', arguments: {} })
    expect(result.decision).toBe('none')
    expect(result.trace.map((t) => [t.ruleId, t.outcome])).toEqual([
      ['other', 'other-tool'],
      ['notes', 'argument-missing'],
    ])
  })
})

describe('which rule wins', () => {
  const allowNotes = rule({ id: 'allow-notes', match: { glob: '~/Notes/**' }, decision: 'allow' })
  const askDrafts = rule({ id: 'ask-drafts', match: { glob: '~/Notes/drafts/**' }, decision: 'ask' })
  const denyPrivate = rule({ id: 'deny-private', match: { glob: '~/Notes/private/**' }, decision: 'deny' })

  it.each([
    ['~/Notes/a.md', 'allow', 'allow-notes'],
    ['~/Notes/drafts/a.md', 'ask', 'ask-drafts'],
    ['~/Notes/private/a.md', 'deny', 'deny-private'],
  ])('%s → %s by %s, whatever the order of the list', (path, decision, ruleId) => {
    for (const order of [
      [allowNotes, askDrafts, denyPrivate],
      [denyPrivate, askDrafts, allowNotes],
      [askDrafts, allowNotes, denyPrivate],
    ]) {
      const result = evaluateRules(compiled(...order), write(path))
      expect(result.decision).toBe(decision)
      expect(result.ruleId).toBe(ruleId)
    }
  })

  it('reports the first of several rules with the same decision', () => {
    const result = evaluateRules(compiled(rule({ id: 'first' }), rule({ id: 'second' })), write('~/Notes/x'))
    expect(result.ruleId).toBe('first')
  })
})

describe('regex rules', () => {
  it('searches the value (anchor with ^ and $)', () => {
    const rules = compiled(rule({ tool: 'mail__send', argument: 'to', match: { regex: '@example\\.com$' } }))
    expect(evaluateRules(rules, { toolName: 'mail__send', arguments: { to: 'ada@example.com' } }).decision).toBe('allow')
    expect(evaluateRules(rules, { toolName: 'mail__send', arguments: { to: 'ada@example.com.evil.io' } }).decision).toBe('none')
  })

  it('never allows a value with a ".." segment through a regex', () => {
    const allow = compiled(rule({ match: { regex: '^~/Notes/' } }))
    expect(evaluateRules(allow, write('~/Notes/../.ssh/id_rsa')).decision).toBe('none')
    const deny = compiled(rule({ match: { regex: '\\.ssh' }, decision: 'deny' }))
    expect(evaluateRules(deny, write('~/Notes/../.ssh/id_rsa')).decision).toBe('deny')
  })

  it.each([
    ['(', /is not valid: .*Unterminated group/],
    ['[a-', /is not valid/],
    ['(a+)+$', /repeated group contains another quantifier/],
    ['(\\w+\\s?)*$', /repeated group contains another quantifier/],
    ['(a?){20}b', /repeated group contains another quantifier/],
    ['^(a|ab)*c$', /repeated group contains an alternation/],
    ['^(\\w|x)+$', /repeated group contains an alternation/],
    ['(a)\\1', /backreferences/],
    ['(?<n>a)\\k<n>', /named backreferences/],
    ['^.*.*.*x', /more than 2 unbounded quantifiers/],
    ['.*.*x', /does not start with \^/],
    ['[a-z]+[a-z]+x', /does not start with \^/],
    ['\\w+\\s?\\w+x', /does not start with \^/],
    ['^a?a?a?.*.*x', /at most 4 combinations of optional parts/],
    ['^.{0,1000}.{0,1000}.{0,1000}x', /more than 2 unbounded quantifiers/],
    ['a?a?a?a?a?a?a?a?a?', /too many optional parts/],
    ['x'.repeat(257), /limit is 256/],
  ])('rejects /%s/', (pattern, message) => {
    const result = compileRuleRegex(pattern)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error).toMatch(message)
  })

  it.each(['^[a-z]+-[0-9]+$', '^\\d{4}-\\d{2}-\\d{2}$', '^/home/ada/(Notes|Docs)/[^/]+\\.md$', '(?:foo|bar)+', '^https?://[^/]*\\.example\\.com/.*$', '^(?=.*a).*b'])('accepts /%s/', (pattern) => {
    expect(compileRuleRegex(pattern).ok).toBe(true)
  })

  // A regex cannot be timed out or counted in steps, so its cost is bounded by what the compiler lets
  // through: the work grows at most with the square of the value, and values are at most 4 KB.
  it.each([
    ['^.*.*x$', '^.*.*.*x$'],
    ['^a*a*x$', '^a*a*a*x$'],
    ['.*x', '.*.*x'],
    ['[a-z]+x', '[a-z]+[a-z]+x'],
    ['^a?a?.*.*x', '^a?a?a?.*.*x'],
    ['a?a?a?a?a?a?a?a?x', 'a?a?a?a?a?a?a?a?a?x'],
    ['(?:ab|cd)+x', '(?:ab|cd)+(?:ab|cd)+x'],
  ])('accepts /%s/ at its limit (quadratic at most) and refuses /%s/, one step further', (atLimit, beyond) => {
    const result = compileRuleRegex(atLimit)
    if (!result.ok) throw new Error(result.error)
    // At the value cap, hostile input costs at most 4096² steps; the answer is still right.
    expect(result.regex.test('a'.repeat(MAX_REGEX_INPUT))).toBe(false)
    expect(compileRuleRegex(beyond)).toMatchObject({ ok: false, error: expect.stringMatching(/unbounded quantifiers|optional parts/) })
  })

  it('runs a regex only on values up to 4 KB, the length its quadratic bound is made for', () => {
    expect(MAX_REGEX_INPUT).toBeLessThanOrEqual(4096)
  })

  it('does not run a regex on values over the cap: allow misses, deny applies', () => {
    const long = '~/Notes/' + 'a'.repeat(MAX_REGEX_INPUT)
    expect(evaluateRules(compiled(rule({ match: { regex: '^~/Notes/' } })), write(long)).decision).toBe('none')
    expect(evaluateRules(compiled(rule({ match: { regex: 'zzz' }, decision: 'deny' })), write(long)).decision).toBe('deny')
  })
})

describe('validation and the tester', () => {
  it.each([
    [{ ...rule(), decision: 'maybe' }, /decision: Invalid option/],
    [{ ...rule(), tool: 'files__write file' }, /may contain only letters, digits/],
    [{ ...rule(), argument: '/' }, /whole argument object/],
    [{ ...rule(), match: { glob: '*', regex: 'x' } }, /match/],
    [{ ...rule(), extra: true }, /Unrecognized key/],
    [{ ...rule(), id: '' }, /id/],
  ])('rejects %j', (raw, message) => {
    const result = compileRule(raw, env)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error).toMatch(message)
  })

  it('testRule shows what an unsaved rule would decide for a sample call', () => {
    expect(testRule(rule(), write('~/Notes/a.md'), env)).toMatchObject({ ok: true, wouldDecide: 'allow', trace: { outcome: 'matched' } })
    const miss = testRule(rule(), write('~/Notes/../.ssh/id_rsa'), env)
    expect(miss).toMatchObject({ ok: true, wouldDecide: 'none', trace: { outcome: 'not-matched' } })
    expect(miss.ok && miss.trace.detail).toBe(`"${'~/Notes/../.ssh/id_rsa'}" does not match path glob ${HOME}/Notes/**.`)
    expect(testRule(rule({ match: { regex: '(a+)+' } }), write('x'), env)).toMatchObject({ ok: false, error: expect.stringMatching(/exponential/) })
  })
})
