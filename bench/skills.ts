/**
 * Skills (issue 35 item 7), two ratios measured in one run against the real extension core, the
 * builtin `skills` server (over its in-memory transport, as in the app) and the skills service:
 * 1. Tokens: what 50 realistic enabled skills add to a request (the system prompt's "Skills" part,
 *    counted with the o200k tokenizer) against no skills, and the overhead per skill beyond its own
 *    name and description. Goal: ≤ 10 tokens a skill.
 * 2. Time: loading a skill file with load_skill (find the enabled skill, read through SkillsClient,
 *    size + sha256 checked against the manifest) against a plain `resources/read` of the same file on
 *    the same session. Medians of BENCH_SKILL_READS reads a side (default 300), alternating. Goal: ≤ 1.5×.
 * Run: npx tsx bench/skills.ts
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBuiltinRegistry } from '../src/main/builtins'
import { createExtensionsCore, parseExtensionConfig } from '../src/main/extensions'
import { tokensOf } from '../src/main/agent/toolSearch/tokenWeight'
import { createSkillService, type SkillService } from '../src/main/services/skills/skillService'
import { median, ratio, runBench } from './support/browserBench'

const SKILLS = 50
const READS = Number(process.env.BENCH_SKILL_READS ?? 300)

/** Fifty skills as people write them: a task, what it does, and when to use it (descriptions of 90–200 characters). */
const topics: [string, string][] = [
  ['pdf-forms', 'Fill in PDF forms from data the person gives'],
  ['commit-messages', 'Write git commit messages in the team style'],
  ['release-notes', 'Turn merged changes into release notes for users'],
  ['sql-review', 'Review SQL queries for correctness and index use'],
  ['api-docs', 'Write reference documentation for an HTTP API'],
  ['bug-triage', 'Sort incoming bug reports by severity and area'],
  ['meeting-notes', 'Summarise a meeting transcript into decisions and actions'],
  ['invoice-check', 'Check an invoice against its purchase order'],
  ['css-audit', 'Find unused and conflicting CSS rules in a stylesheet'],
  ['test-plan', 'Draft a test plan for a new feature'],
  ['incident-report', 'Write a blameless incident report from a timeline'],
  ['onboarding-guide', 'Write an onboarding guide for a new team member'],
  ['contract-summary', 'Summarise the obligations and dates in a contract'],
  ['expense-policy', 'Check expense claims against the travel policy'],
  ['data-cleaning', 'Clean a CSV file: dates, duplicates and missing values'],
  ['chart-choice', 'Pick the right chart for a data set and question'],
  ['email-tone', 'Rewrite an email in a friendly, clear tone'],
  ['translation-review', 'Review a translation for meaning and terminology'],
  ['security-review', 'Review a pull request for common security mistakes'],
  ['dependency-update', 'Plan a safe update of a project dependency'],
  ['docker-files', 'Write small, cache-friendly Dockerfiles'],
  ['k8s-manifests', 'Write Kubernetes manifests with sane resource limits'],
  ['terraform-plan', 'Read a Terraform plan and flag risky changes'],
  ['log-analysis', 'Find the cause of an error in application logs'],
  ['regex-builder', 'Build and explain a regular expression for a pattern'],
  ['spreadsheet-formulas', 'Write spreadsheet formulas for lookups and totals'],
  ['slide-outline', 'Outline a slide deck from a document'],
  ['job-posting', 'Write an inclusive job posting from a role description'],
  ['interview-questions', 'Prepare structured interview questions for a role'],
  ['performance-review', 'Draft a fair performance review from notes'],
  ['user-interview', 'Summarise user interviews into needs and quotes'],
  ['roadmap-update', 'Write a roadmap update for stakeholders'],
  ['okr-draft', 'Draft objectives and key results for a quarter'],
  ['budget-forecast', 'Forecast a budget from the last months of spending'],
  ['customer-reply', 'Answer a customer support ticket per policy'],
  ['refund-requests', 'Process customer refund requests per policy'],
  ['accessibility-check', 'Check a web page for accessibility problems'],
  ['seo-review', 'Review a page title, description and headings for search'],
  ['blog-post', 'Draft a blog post from an outline and key points'],
  ['press-release', 'Write a press release for a product launch'],
  ['legal-disclaimer', 'Add the right legal disclaimer to a document'],
  ['privacy-notice', 'Draft a privacy notice section for a new data use'],
  ['research-summary', 'Summarise a research paper for a general reader'],
  ['citation-format', 'Format references in APA, MLA or Chicago style'],
  ['recipe-scaling', 'Scale a recipe and convert its units'],
  ['travel-itinerary', 'Plan a travel itinerary within a budget'],
  ['workout-plan', 'Write a weekly workout plan for a goal'],
  ['study-schedule', 'Plan a study schedule before an exam'],
  ['code-migration', 'Migrate code from one framework version to the next'],
  ['shell-scripts', 'Write portable, safe shell scripts'],
]

async function writeSkills(home: string): Promise<void> {
  for (const [name, task] of topics.slice(0, SKILLS)) {
    const dir = join(home, '.agents', 'skills', name)
    await mkdir(join(dir, 'references'), { recursive: true })
    const description = `${task}. Use when the person asks for it or the task clearly involves it.`
    await writeFile(join(dir, 'SKILL.md'), `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n\n# ${task}\n\nSteps: read references/GUIDE.md, then do the task.\n`)
    await writeFile(join(dir, 'references', 'GUIDE.md'), `# Guide for ${name}\n\n${'A realistic paragraph of guidance that the skill refers to. '.repeat(40)}\n`)
  }
}

await runBench('skills', async (cleanup) => {
  const scratch = await mkdtemp(join(tmpdir(), 'switchboard-bench-skills-'))
  cleanup.add('remove the scratch folder', () => rm(scratch, { recursive: true, force: true }))
  await writeSkills(scratch)
  // The builtin server asks for the service when it starts, after the service exists.
  const made: { service?: SkillService } = {}
  const parsed = parseExtensionConfig({ id: 'skills', name: 'Skills', type: 'builtin', builtin: 'skills', trust: 'trusted' })
  if (!parsed.ok) throw new Error(parsed.errors.join(' '))
  const core = createExtensionsCore({
    configs: [parsed.config],
    store: { save: () => {} },
    resolveSecrets: async () => ({}),
    builtins: createBuiltinRegistry({ appVersion: '0.0.0' }, { skills: () => ({ catalog: made.service!.local.catalog, load: (input, caller) => made.service!.load(input, caller) }) }),
    clientInfo: { name: 'bench', version: '0.0.0' },
  })
  const service = await createSkillService({ dataDir: scratch, home: scratch, roots: () => [], manager: core.manager, tools: () => core.cache.catalog().tools, callerOf: () => undefined })
  made.service = service
  core.start()
  cleanup.add('stop the extension core', () => core.stop())
  for (let i = 0; i < 400 && service.view().skills.length < SKILLS; i++) await new Promise((settle) => setTimeout(settle, 25))
  const skills = service.view().skills
  if (skills.length !== SKILLS) throw new Error(`only ${skills.length} of ${SKILLS} skills were listed`)

  // 1. Tokens.
  const none = service.promptFor({ sessionId: 'bench' })
  for (const skill of skills) await service.setEnabled({ extensionId: 'skills', uri: skill.uri, enabled: true, scope: 'global' })
  const prompt = service.promptFor({ sessionId: 'bench' }) ?? ''
  const added = tokensOf(prompt) - tokensOf(none ?? '')
  const own = skills.reduce((total, skill) => total + tokensOf(skill.name) + tokensOf(skill.description), 0)
  const header = tokensOf(prompt.split('\n')[0]!)
  const perSkill = (added - own - header) / SKILLS
  console.log(`request tokens added by ${SKILLS} enabled skills: ${added} (none: 0); their names and descriptions: ${own}; the list's one-line header: ${header}`)
  console.log(`overhead per skill beyond its name and description: ${perSkill.toFixed(2)} tokens (goal ≤ 10) ${perSkill <= 10 ? 'OK' : 'OVER'}`)

  // 2. Time: load_skill(name, path) against a plain resources/read of the same file, alternating.
  const connection = core.manager.connection('skills')!
  const target = skills[0]!
  const fileUri = target.uri.replace(/SKILL\.md$/, 'references/GUIDE.md')
  const plain: number[] = []
  const loaded: number[] = []
  const timed = async (run: () => Promise<unknown>) => {
    const start = performance.now()
    await run()
    return performance.now() - start
  }
  const readPlain = () => connection.readResource(fileUri)
  const readLoaded = async () => {
    const result = await service.load({ name: target.name, path: 'references/GUIDE.md' }, undefined)
    if (result.isError) throw new Error(result.text)
  }
  for (let i = 0; i < READS + 20; i++) {
    // Which side goes first alternates, so neither gains from the other warming up.
    const first = i % 2 === 0
    const a = await timed(first ? readPlain : readLoaded)
    const b = await timed(first ? readLoaded : readPlain)
    if (i < 20) continue
    plain.push(first ? a : b)
    loaded.push(first ? b : a)
  }
  const slower = median(loaded) / median(plain)
  console.log(`reading a skill file: load_skill (checked) ${median(loaded).toFixed(3)} ms vs resources/read ${median(plain).toFixed(3)} ms, median of ${READS}: ${ratio(slower)}× (goal ≤ 1.5×) ${slower <= 1.5 ? 'OK' : 'OVER'}`)
})
