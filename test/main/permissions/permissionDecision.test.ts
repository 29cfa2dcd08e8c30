/**
 * The permission decision: mode × policy × annotations × trust × rules × definition change × origin.
 * A hand-written table of the cases a person would ask about, then invariants checked over the whole
 * product of inputs (7,680 combinations).
 */
import { describe, expect, it } from 'vitest'
import { callNames, decidePermission, effectiveHints, offersTools, type PermissionFacts } from '../../../src/main/permissions/inspectors/permissionInspector'
import type { PermissionMode, PolicyKind, RuleDecision, ToolPolicy } from '../../../src/main/permissions/permissionSchema'
import type { Verdict } from '../../../src/main/permissions/types'

const HASH = 'a'.repeat(64)
const OLD_HASH = 'b'.repeat(64)
const GRANTED = '2026-01-01T00:00:00.000Z'

type ToolPolicyCase = 'none' | 'always' | 'always-lapsed' | 'ask' | 'never'
type ReadOnlyCase = 'unset' | 'true' | 'false'

interface Case {
  origin: 'model' | 'person'
  mode: PermissionMode
  tool: ToolPolicyCase
  extension: PolicyKind | 'none'
  readOnly: ReadOnlyCase
  trust: 'trusted' | 'untrusted'
  rule: RuleDecision | 'none'
  changed: boolean
}

const toolPolicy = (c: ToolPolicyCase): ToolPolicy | undefined => {
  switch (c) {
    case 'none':
      return undefined
    case 'always':
      return { policy: 'always', hash: HASH, grantedAt: GRANTED }
    case 'always-lapsed':
      return { policy: 'always', hash: OLD_HASH, grantedAt: GRANTED }
    case 'ask':
    case 'never':
      return { policy: c }
  }
}

function facts(c: Partial<Case>): PermissionFacts {
  const full: Case = { origin: 'model', mode: 'ask', tool: 'none', extension: 'none', readOnly: 'unset', trust: 'trusted', rule: 'none', changed: false, ...c }
  return {
    toolName: 'files__read_file',
    extensionId: 'files',
    origin: full.origin,
    mode: full.mode,
    trust: full.trust,
    annotations: full.readOnly === 'unset' ? undefined : { readOnlyHint: full.readOnly === 'true' },
    toolPolicy: toolPolicy(full.tool),
    extensionPolicy: full.extension === 'none' ? undefined : full.extension,
    definitionHash: HASH,
    definition: full.changed ? 'changed' : 'unchanged',
    rules: { decision: full.rule, reason: full.rule === 'none' ? 'No argument rule matches this call.' : `Argument rule "r" says ${full.rule}.` },
  }
}

describe('decision table', () => {
  it.each<[string, Partial<Case>, Verdict, string]>([
    // The modes on their own.
    ['autonomous runs anything', { mode: 'autonomous' }, 'allow', 'mode-autonomous'],
    ['ask mode asks', { mode: 'ask', readOnly: 'true' }, 'ask', 'mode-ask'],
    ['chat-only never runs a model call', { mode: 'chat-only', tool: 'always' }, 'deny', 'chat-only'],
    ['smart runs read-only tools of trusted extensions', { mode: 'smart', readOnly: 'true' }, 'allow', 'mode-smart-read-only'],
    ['smart asks for tools that do not say they are read-only', { mode: 'smart', readOnly: 'unset' }, 'ask', 'mode-smart'],
    ['smart asks for tools that say they are not read-only', { mode: 'smart', readOnly: 'false' }, 'ask', 'mode-smart'],
    ['smart does not believe read-only from an untrusted extension', { mode: 'smart', readOnly: 'true', trust: 'untrusted' }, 'ask', 'mode-smart'],
    // Policies.
    ['tool always allows in ask mode', { tool: 'always' }, 'allow', 'policy-always'],
    ['tool always allows an untrusted extension too (the person chose it)', { tool: 'always', trust: 'untrusted' }, 'allow', 'policy-always'],
    ['tool always for an older definition has lapsed', { tool: 'always-lapsed' }, 'ask', 'policy-lapsed'],
    ['tool ask beats autonomous', { mode: 'autonomous', tool: 'ask' }, 'ask', 'policy-ask'],
    ['tool never beats autonomous', { mode: 'autonomous', tool: 'never' }, 'deny', 'policy-never'],
    ['extension always allows in ask mode', { extension: 'always' }, 'allow', 'policy-always'],
    ['extension never denies', { mode: 'autonomous', extension: 'never' }, 'deny', 'policy-never'],
    ['tool always beats extension never', { tool: 'always', extension: 'never' }, 'allow', 'policy-always'],
    ['tool never beats extension always', { tool: 'never', extension: 'always' }, 'deny', 'policy-never'],
    ['tool ask beats extension always', { tool: 'ask', extension: 'always' }, 'ask', 'policy-ask'],
    // Rules.
    ['an allow rule runs the call in ask mode', { rule: 'allow' }, 'allow', 'rule-allow'],
    ['an allow rule beats a tool ask policy (it is more specific)', { rule: 'allow', tool: 'ask' }, 'allow', 'rule-allow'],
    ['an allow rule does not beat never', { rule: 'allow', tool: 'never' }, 'deny', 'policy-never'],
    ['an ask rule beats always', { rule: 'ask', tool: 'always' }, 'ask', 'rule-ask'],
    ['an ask rule beats autonomous', { rule: 'ask', mode: 'autonomous' }, 'ask', 'rule-ask'],
    ['a deny rule beats always and autonomous', { rule: 'deny', tool: 'always', mode: 'autonomous' }, 'deny', 'rule-deny'],
    // Definition changes.
    ['a changed definition asks even with always', { tool: 'always', changed: true }, 'ask', 'definition-changed'],
    ['a changed definition asks even with an allow rule', { rule: 'allow', changed: true }, 'ask', 'definition-changed'],
    ['a changed definition asks even in autonomous mode', { mode: 'autonomous', changed: true }, 'ask', 'definition-changed'],
    ['a changed definition still denies under never', { tool: 'never', changed: true }, 'deny', 'policy-never'],
    // The person as the caller.
    ['a person runs a tool by hand in ask mode', { origin: 'person' }, 'allow', 'person'],
    ['a person runs a tool by hand in chat-only mode', { origin: 'person', mode: 'chat-only' }, 'allow', 'person'],
    ['a person runs an ask-rule tool by hand', { origin: 'person', rule: 'ask' }, 'allow', 'person'],
    ['a person cannot bypass never', { origin: 'person', tool: 'never' }, 'deny', 'policy-never'],
    ['a person cannot bypass a deny rule', { origin: 'person', rule: 'deny' }, 'deny', 'rule-deny'],
    ['a person sees a changed definition once', { origin: 'person', changed: true }, 'ask', 'definition-changed'],
  ])('%s', (_name, input, verdict, cause) => {
    const result = decidePermission(facts(input))
    expect(result.verdict).toBe(verdict)
    expect(result.cause).toBe(cause)
    expect(result.reasons).toHaveLength(1)
  })

  it('tells the model how to go on when it denies', () => {
    expect(decidePermission(facts({ tool: 'never' })).reasons[0]).toBe('Not run: the person has set the tool files__read_file to "never". Do not call it again; if the task needs it, tell the person.')
    expect(decidePermission(facts({ extension: 'never' })).reasons[0]).toMatch(/the extension files to "never"/)
    expect(decidePermission(facts({ mode: 'chat-only' })).reasons[0]).toMatch(/^Not run: tools are turned off/)
    expect(decidePermission(facts({ rule: 'deny' })).reasons[0]).toBe('Not run: Argument rule "r" says deny. Do not retry with the same value; if the task needs it, tell the person.')
  })

  it('names the tool by its title and the extension by its name when it knows them', () => {
    const names = callNames({ tool: { name: 'echo', title: 'Echo', inputSchema: {} }, extensionId: 'everything', extensionName: 'Everything' })
    expect(names).toEqual({ tool: '“Echo”', extension: 'Everything' })
    const named = (c: Partial<Case>) => decidePermission({ ...facts(c), names }).reasons[0]
    expect(named({ mode: 'smart', readOnly: 'true', trust: 'untrusted' })).toBe('Smart mode asks: “Echo” says it is read-only, but Everything is not a trusted extension, so that is not relied on.')
    expect(named({ extension: 'ask' })).toBe('The extension Everything is set to "ask every time".')
    expect(named({ tool: 'never' })).toMatch(/^Not run: the person has set the tool “Echo” to "never"/)
    // Without a title: the server's own name; without an extension name: its id.
    expect(callNames({ tool: { name: 'echo', annotations: { title: 'Echo it' }, inputSchema: {} }, extensionId: 'everything' })).toEqual({ tool: '“Echo it”', extension: 'everything' })
    expect(callNames({ tool: { name: 'echo', inputSchema: {} }, extensionId: 'everything', extensionName: ' ' })).toEqual({ tool: '“echo”', extension: 'everything' })
  })
})

describe('invariants over every combination', () => {
  const all: Case[] = []
  for (const origin of ['model', 'person'] as const)
    for (const mode of ['autonomous', 'smart', 'ask', 'chat-only'] as const)
      for (const tool of ['none', 'always', 'always-lapsed', 'ask', 'never'] as const)
        for (const extension of ['none', 'always', 'ask', 'never'] as const)
          for (const readOnly of ['unset', 'true', 'false'] as const)
            for (const trust of ['trusted', 'untrusted'] as const)
              for (const rule of ['none', 'allow', 'ask', 'deny'] as const)
                for (const changed of [false, true]) all.push({ origin, mode, tool, extension, readOnly, trust, rule, changed })
  const verdict = (c: Case) => decidePermission(facts(c)).verdict
  const effective = (c: Case) => (c.tool === 'none' ? c.extension : c.tool === 'always-lapsed' ? 'always' : c.tool)

  it('covers the whole product', () => {
    expect(all).toHaveLength(7680)
  })

  it('"never" and deny rules always deny, for the model and the person', () => {
    for (const c of all) if (effective(c) === 'never' || c.rule === 'deny') expect(verdict(c), JSON.stringify(c)).toBe('deny')
  })

  it('chat-only denies every model call', () => {
    for (const c of all) if (c.origin === 'model' && c.mode === 'chat-only') expect(verdict(c), JSON.stringify(c)).toBe('deny')
  })

  it('a changed definition never runs without a prompt', () => {
    for (const c of all) if (c.changed) expect(verdict(c), JSON.stringify(c)).not.toBe('allow')
  })

  it('readOnlyHint from an untrusted extension never changes the decision', () => {
    for (const c of all) if (c.trust === 'untrusted' && c.readOnly === 'true') expect(verdict(c), JSON.stringify(c)).toBe(verdict({ ...c, readOnly: 'false' }))
  })

  it('a tool policy makes the extension policy irrelevant', () => {
    for (const c of all) if (c.tool !== 'none') expect(verdict(c), JSON.stringify(c)).toBe(verdict({ ...c, extension: 'none' }))
  })

  it('a lapsed "always" never allows a model call on its own', () => {
    for (const c of all) if (c.origin === 'model' && c.tool === 'always-lapsed' && c.rule !== 'allow') expect(verdict(c), JSON.stringify(c)).not.toBe('allow')
  })

  it('modes are ordered: autonomous allows at least what smart allows, smart at least what ask allows', () => {
    const rank = { allow: 0, ask: 1, deny: 2 }
    for (const c of all) {
      if (c.mode !== 'ask') continue
      expect(rank[verdict({ ...c, mode: 'smart' })]).toBeLessThanOrEqual(rank[verdict(c)])
      expect(rank[verdict({ ...c, mode: 'autonomous' })]).toBeLessThanOrEqual(rank[verdict({ ...c, mode: 'smart' })])
    }
  })

  it('a person is asked only about changed definitions, and never denied except by never or a deny rule', () => {
    for (const c of all) {
      if (c.origin !== 'person' || effective(c) === 'never' || c.rule === 'deny') continue
      expect(verdict(c), JSON.stringify(c)).toBe(c.changed ? 'ask' : 'allow')
    }
  })
})

describe('hints', () => {
  it('applies the MCP defaults: destructive and open-world unless said otherwise', () => {
    expect(effectiveHints(undefined, 'trusted')).toEqual({ readOnly: false, destructive: true, idempotent: false, openWorld: true, reliable: true })
    expect(effectiveHints({ readOnlyHint: true, openWorldHint: false }, 'untrusted')).toMatchObject({ readOnly: true, openWorld: false, reliable: false })
  })

  it('offers no tools in chat-only mode', () => {
    expect((['autonomous', 'smart', 'ask', 'chat-only'] as const).map(offersTools)).toEqual([true, true, true, false])
  })
})

describe("a builtin's pre-approved tool (load_skill: the person consented to the skill's text)", () => {
  const why = 'You turned this skill on, so loading it needs no approval.'
  const pre = (c: Partial<Case>) => ({ ...facts(c), preApproved: why })

  it('runs without asking in Ask and Smart, whatever the annotations, saying why', () => {
    for (const mode of ['ask', 'smart'] as const) {
      expect(decidePermission(facts({ mode, readOnly: 'false' })).verdict).toBe('ask')
      expect(decidePermission(pre({ mode, readOnly: 'false' }))).toMatchObject({ verdict: 'allow', cause: 'pre-approved', reasons: [why] })
    }
  })

  it('still stops at chat-only, a "never" policy, a deny rule and a changed definition', () => {
    expect(decidePermission(pre({ mode: 'chat-only' })).verdict).toBe('deny')
    expect(decidePermission(pre({ tool: 'never' })).verdict).toBe('deny')
    expect(decidePermission(pre({ extension: 'never' })).verdict).toBe('deny')
    expect(decidePermission(pre({ rule: 'deny' })).verdict).toBe('deny')
    expect(decidePermission(pre({ changed: true }))).toMatchObject({ verdict: 'ask', cause: 'definition-changed' })
  })
})
