/**
 * Finding what people mean (issue 32), on the benchmark's 493 real tool definitions of 27 servers
 * (bench/fixtures, sources in its README): the ranking's rules one by one, the issue's own failing
 * examples, find_tools with several phrasings and opening a whole extension, and the recall floors on
 * the two HELD-OUT query sets (written before the ranking was tuned, never tuned on).
 */
import { describe, expect, it } from 'vitest'
import { extensionsOf, runFindTools, toolIndexOf, findToolsSent, tokensOf, catalogToolTokens, definitionTokens, FIND_TOOLS_TOKEN_BUDGET } from '../../../src/main/agent/toolSearch'
import { firstSentence } from '../../../src/main/agent/toolSearch/findTools'
import { fixtureCatalog, querySet, recall } from '../../../bench/support/toolSearchFixtures'
import { beforeIndex } from '../../../bench/support/toolIndexBefore'
import { withTypos } from '../../../bench/support/typos'
import { expansionsOf, isState, namesNoAction } from '../../../src/main/agent/toolSearch/synonyms'

const catalog = fixtureCatalog()
const index = toolIndexOf(catalog)
const top = (query: string, limit = 5) => index.search(query, limit).map((tool) => tool.name)
const search = (query: string, limit: number) => index.search(query, limit)

describe('ranking: finding what people mean', () => {
  it("the issue's examples that failed: open a PR, AWS spending, running VMs, a copy of the upstream project", () => {
    expect(top('open a pull request', 1)).toEqual(['github__create_pull_request'])
    const spending = top('check aws spending this month')
    expect(spending).toContain('aws-cost-explorer__get_cost_and_usage')
    // "spending" is stemmed to "spend", never fuzzily matched to "send" or "checksum".
    expect(spending.filter((name) => /send|checksum|checkout/.test(name))).toEqual([])
    // "running" after "are" is a state the VMs are in, not an action: the EC2 tools that describe them lead.
    expect(top('which vms are running', 2)).toContain('ec2__describe_instances')
    expect(top('which vms are running').filter((name) => /actions|workflow/.test(name))).toEqual([])
    expect(top('make my own copy of the upstream project on github', 2)).toEqual(['github__fork_repository', 'github-legacy__fork_repository'])
    // The ranking before failed each of them (measured on the same catalog).
    const before = beforeIndex(catalog)
    expect(before('which vms are running', 5).map((tool) => tool.name)).not.toContain('ec2__describe_instances')
    expect(before('make my own copy of the upstream project on github', 5).map((tool) => tool.name)).not.toContain('github__fork_repository')
  })

  it('synonyms and abbreviations: PR, VM, repo, k8s; open/create, nuke/delete, bill/cost', () => {
    expect(top('merge that PR', 1)).toEqual(['github__merge_pull_request'])
    expect(top('shut down the vm', 3)).toContain('ec2__stop_instances')
    expect(top('nuke the old repo', 1)).toEqual(['github__delete_repository'])
    expect(top('k8s pod logs', 1)).toEqual(['kubernetes__kubectl_logs'])
    expect(top('aws bill so far')).toContain('aws-cost-explorer__get_cost_and_usage')
  })

  it("the extension's name is a strong signal: the named product's tools come before others sharing the other words", () => {
    // "send a message" matches Cloudflare's queue tools as well as Slack's; "on slack" decides.
    expect(top('send a message on slack', 1)).toEqual(['slack__slack_post_message'])
    expect(top('create an issue in linear', 1)).toEqual(['linear__linear_create_issue'])
    expect(top('create an issue on gitlab', 1)).toEqual(['gitlab__create_issue'])
    // Another name of the same product names it too ("amazon" for AWS).
    expect(top('how much are we paying amazon')).toContain('aws-cost-explorer__get_cost_and_usage')
  })

  it('exact words outrank fuzzy ones; fuzzy fills in only for a word no tool uses (a typo)', () => {
    expect(top('kubernets pod logz', 1)).toEqual(['kubernetes__kubectl_logs'])
    expect(top('serch my emials', 3)).toContain('gmail__search_emails')
    // "spend" is not in the catalog but a synonym of "cost" is: no fuzzy match to "send".
    expect(top('spend').some((name) => name.includes('send'))).toBe(false)
  })

  it('a typo is read as the word meant, with its synonyms and product (spelling.ts); a word people use stays a guess', () => {
    // Typos of the dev sets' requests (never the held-out ones): a letter left out, doubled or changed, two swapped.
    // Each missed its tool's top five when only stemmed words were matched fuzzily (checked against the code before).
    const typos: [string, string | string[]][] = [
      ['put a meeting on my calenddar', 'google-calendar__create-event'],
      ['trash that spam emali', 'gmail__delete_email'],
      ['appove the pull request', ['github__pull_request_review_write', 'github__create_pull_request_review']],
      ['clonne the project to my github', 'github__fork_repository'],
      ['get rid of that serveer for good', 'ec2__terminate_instances'],
      ['what meeetings do i have today', 'google-calendar__list-events'],
      ['upoad a picture to r2', 'cloudflare__r2_put_object'],
      ['look up PROJ-123 in jiea', 'jira__jira_get'],
    ]
    for (const [query, wanted] of typos) expect(top(query).filter((name) => [wanted].flat().includes(name)), query).not.toEqual([])
    // Over a whole dev set with one typo a request (made with a fixed seed), the right tool stays in the top five
    // about as often as without (0.959 clean, 0.935 with; 0.840 with before typos were read).
    expect(recall(withTypos(querySet('devPeople2'), 1), search, 5).recall).toBeGreaterThanOrEqual(0.9)
    // A misspelt action still names one (no lean to listing), and a typo inside a phrase still makes the phrase.
    expect(top('upoad a picture to r2', 1)).toEqual(['cloudflare__r2_put_object'])
    expect(top('trun off the ec2 instance', 1)).toEqual(['ec2__stop_instances'])
    // Words people use that no tool does ("alice" is one edit from "alive", "prod" from "pod") count only as a guess:
    // the request's other words still decide.
    expect(top('link alice to the acme company in memory')).toContain('memory__create_relations')
    expect(top('switch to the prod cluster', 1)).toEqual(['kubernetes__kubectl_context'])
  })

  it('a request that names no action asks to see: list, get and search tools lead', () => {
    expect(top('keys in the kv namespace', 1)).toEqual(['cloudflare__kv_list'])
    expect(top('stripe invoices', 1)).toEqual(['stripe__list_invoices'])
    expect(top('slack channels', 1)).toEqual(['slack__slack_list_channels'])
  })

  it('several phrasings of one need are searched together', () => {
    const one = index.search('charge a customer monthly', 5).map((tool) => tool.name)
    expect(one).not.toContain('stripe__create_price')
    const both = index.searchAll(['charge a customer monthly', 'create recurring price'], 5).map((tool) => tool.name)
    expect(both).toContain('stripe__create_price')
    const outcome = runFindTools({ query: 'charge a customer monthly', queries: ['create recurring price'] }, catalog)
    expect(outcome.ok && outcome.found.map((tool) => tool.name)).toContain('stripe__create_price')
  })
})

describe('ranking, second round: general words, values and questions (examples from the dev sets, not the held-out ones)', () => {
  it('a value is read as what it is: a name after "called", a bare host, a #channel, a file name', () => {
    // "called drafts" names the folder: neither "call" (a meeting) nor "drafts" (a draft pull request) decides.
    expect(top('make a new folder called drafts', 1)).toEqual(['filesystem__create_directory'])
    expect(top('go to example.com in the browser', 1)).toEqual(['playwright__browser_navigate'])
    expect(top('what did people say in #general today', 3)).toContain('slack__slack_get_channel_history')
    expect(top('make a copy of notes.txt called notes-old.txt', 3).some((name) => name.startsWith('google-calendar'))).toBe(false)
  })

  it('a moment of the week or day stands for a calendar event', () => {
    expect(top("cancel friday's standup", 1)).toEqual(['google-calendar__delete-event'])
    expect(top('push my 3pm to 4pm', 1)).toEqual(['google-calendar__update-event'])
    expect(expansionsOf('friday', undefined).map((entry) => entry.words[0])).toContain('event')
    expect(expansionsOf('10am', undefined).map((entry) => entry.words[0])).toContain('event')
  })

  it('a past tense in a question asks what happened ("who reviewed the PR"), not to do it', () => {
    expect(top('who reviewed the PR', 1)).toEqual(['github-legacy__get_pull_request_reviews'])
    expect(isState('reviewed', 'who', true)).toBe(true)
    expect(isState('reviewed', 'who', false)).toBe(false)
    expect(namesNoAction(['who', 'reviewed', 'the', 'pr'])).toBe(true)
    expect(namesNoAction(['review', 'the', 'pr'])).toBe(false)
  })

  it("general words find the tools' own: popup is a dialog, throw away is delete, get rid of a server is terminate", () => {
    expect(top('accept the popup', 1)).toEqual(['playwright__browser_handle_dialog'])
    expect(top('throw away my half written review', 1)).toEqual(['github__delete_pending_pull_request_review'])
    expect(top('get rid of that server for good', 3)).toContain('ec2__terminate_instances')
    expect(top('say yes to the team offsite invite', 1)).toEqual(['google-calendar__respond-to-event'])
  })
})

describe('ranking, third round: general mechanisms (examples from the third dev set, not the held-out ones)', () => {
  it("a request that says all of a tool's name lifts it over tools whose names it says in part", () => {
    // star_repository over list_starred_repositories; reply_to_thread over get_thread_replies; geocode over reverse_geocode.
    expect(top('star that repo i liked', 1)).toEqual(['github__star_repository'])
    expect(top('answer in the thread', 1)).toEqual(['slack__slack_reply_to_thread'])
    expect(top('coordinates of the eiffel tower', 1)).toEqual(['google-maps__maps_geocode'])
  })

  it('a word found only in passing (a parameter name) covers it in part: three weak matches do not beat two strong ones', () => {
    // create-event matches "make" (create), "copy" (a parameter allowDuplicates) and "file" (attachments) weakly.
    expect(top('make a copy of notes.txt called notes-old.txt', 5).some((name) => name.startsWith('google-calendar'))).toBe(false)
  })

  it('the topic after "about", a period and a name in code weigh less than what is asked; the readme is a file', () => {
    expect(top('forget everything about project x', 5)).toContain('memory__delete_entities')
    expect(top('check aws spending this month', 5)).toContain('aws-cost-explorer__get_cost_and_usage')
    expect(top('where in the code do we call parseConfig', 5)).toContain('github__search_code')
    expect(top('open the readme and show me', 5).some((name) => name.startsWith('filesystem__read'))).toBe(true)
  })

  it("a phrase whose meaning the catalog never uses is asked as that meaning's synonyms; a bare number is a number", () => {
    // "close by" means "nearby", which no tool says; its synonym "local" is (brave_local_search).
    expect(top('find a pharmacy close by', 5)).toContain('brave-search__brave_local_search')
    expect(top('add 2 and 3', 1)).toEqual(['everything__get-sum'])
  })

  it('everyday words of the table: dupe, whoami, kanban, back up, sea level, every page', () => {
    expect(top('is this issue a dupe', 1)).toEqual(['github__find_duplicate'])
    expect(top('whoami on github', 1)).toEqual(['github__get_me'])
    expect(top('the kanban board on github', 5).some((name) => name.startsWith('github__projects_'))).toBe(true)
    expect(top('back up the disk of my vm', 5)).toContain('ec2__create_snapshot')
    expect(top('height above sea level of mount fuji', 1)).toEqual(['google-maps__maps_elevation'])
    expect(top('get every page on the docs site', 5).some((name) => /crawl/.test(name))).toBe(true)
  })
})

describe('the synonym table', () => {
  it('gives a word its synonyms, an abbreviation its full form, and two words that mean one thing as one', () => {
    expect(expansionsOf('open', 'a').map((entry) => entry.words.join(' '))).toEqual(expect.arrayContaining(['create', 'new', 'list', 'get']))
    expect(expansionsOf('pr', undefined)).toContainEqual({ words: ['pull', 'request'], abbreviation: true })
    expect(expansionsOf('vms', 'are')).toContainEqual({ words: ['instance'], abbreviation: true })
    // A phrase means its words first; their synonyms come marked indirect (asked only when the catalog lacks the meaning).
    expect(expansionsOf('turn', 'off')[0]).toEqual({ words: ['stop'], phrase: true })
    expect(expansionsOf('turn', 'off').slice(1).every((entry) => entry.phrase && entry.indirect)).toBe(true)
    expect(expansionsOf('turn', 'around')).toEqual([])
    expect(expansionsOf('spending', 'this').map((entry) => entry.words[0])).toContain('cost')
    expect(expansionsOf('zebra', undefined)).toEqual([])
  })

  it('tells a request that names an action from one that names none', () => {
    expect(namesNoAction(['stripe', 'invoices'])).toBe(true)
    expect(namesNoAction(['create', 'invoice'])).toBe(false)
    expect(namesNoAction(['nuke', 'the', 'repo'])).toBe(false)
    // A participle after "be" is a state, not an action.
    expect(namesNoAction(['which', 'vms', 'are', 'running'])).toBe(true)
    expect(expansionsOf('running', undefined, 'are')).toEqual([])
    expect(expansionsOf('meetings', undefined).map((entry) => entry.words[0])).toContain('event')
  })
})

describe('find_tools: opening a whole extension', () => {
  it("lists the session's extensions compactly when there are many: ids, names that say more, tool counts", () => {
    const sent = findToolsSent(catalog)
    const listed = (sent.inputSchema.properties!.extension as { description: string }).description
    expect(extensionsOf(catalog)).toHaveLength(27)
    expect(listed).toContain('The extensions (id, tools): github 117, cloudflare 89, ')
    // A name is given only where it says more than the id.
    expect(listed).toContain(', ec2 (Amazon EC2) 12, ')
    expect(listed).toContain(', slack 8, ')
    expect(listed).not.toContain('GitHub')
    // Twenty-seven extensions cost under 200 tokens (one line each with topics cost 455).
    expect(tokensOf(listed)).toBeLessThan(200)
    expect(findToolsSent(catalog)).toBe(sent)
  })

  it('a few extensions are listed with what they work with; with many, a search that finds nothing brings that list', () => {
    const few = catalog.filter((tool) => ['slack', 'ec2', 'linear'].includes(tool.extensionId))
    const listed = (findToolsSent(few).inputSchema.properties!.extension as { description: string }).description
    expect(listed).toContain('- ec2 (Amazon EC2): 12; instance, security group, image')
    expect(listed).toMatch(/- slack: 8; channel, /)
    const nothing = runFindTools({ query: 'zxqv' }, catalog)
    expect(nothing).toMatchObject({ ok: true, found: [] })
    expect(nothing.text).toContain('- github: 117; issue, pull request, repository')
    expect(nothing.text).toContain('- memory (Memory (knowledge graph)): 9; entity, node, observation')
  })

  it("the result names each found tool with its description's first sentence only (the definition carries the rest)", () => {
    const outcome = runFindTools({ query: 'scrape a web page with firecrawl', limit: 1 }, catalog)
    if (!outcome.ok) throw new Error(outcome.text)
    const [found] = outcome.found
    expect(found!.description.length).toBeGreaterThan(400)
    const line = outcome.text.split('\n').find((entry) => entry.startsWith(`- ${found!.name}: `))!
    expect(line.length).toBeLessThanOrEqual(`- ${found!.name}: `.length + 101)
    expect(found!.description.replace(/\s+/g, ' ')).toContain(line.slice(`- ${found!.name}: `.length).replace(/…$/, ''))
    expect(firstSentence('Lists files. Then more.')).toBe('Lists files.')
    expect(firstSentence(`${'word '.repeat(40)}end.`)).toMatch(/^word( word)+…$/)
  })

  it('one search costs at most 2,000 tokens (find_tools, the tools found, the result) unless one found tool alone outweighs its budget', () => {
    for (const query of ['request reviewers for a pull request', 'kubernetes pod logs', 'crawl a website', 'send a message on slack']) {
      const outcome = runFindTools({ query }, catalog)
      if (!outcome.ok) throw new Error(outcome.text)
      const found = outcome.found.reduce((total, tool) => total + catalogToolTokens(tool), 0)
      expect(found).toBeLessThanOrEqual(FIND_TOOLS_TOKEN_BUDGET)
      expect(definitionTokens(findToolsSent(catalog)) + found + tokensOf(outcome.text)).toBeLessThanOrEqual(2_000)
    }
  })

  it('opens one by id or name: every tool of it is found, whatever the token budget of a search', () => {
    const opened = runFindTools({ extension: 'ec2' }, catalog)
    if (!opened.ok) throw new Error(opened.text)
    expect(opened.found.map((tool) => tool.name).sort()).toEqual(catalog.filter((tool) => tool.extensionId === 'ec2').map((tool) => tool.name).sort())
    expect(opened.text).toMatch(/^Opened the extension ec2 \(Amazon EC2\): its 12 tools \(≈ [\d,]+ tokens of definitions\)/)
    const github = runFindTools({ extension: 'GitHub' }, catalog)
    expect(github.ok && github.found).toHaveLength(117)
    // With a query too: the extension's tools and the search's.
    const both = runFindTools({ extension: 'slack', query: 'stripe refund' }, catalog)
    expect(both.ok && both.found.map((tool) => tool.name)).toEqual(expect.arrayContaining(['slack__slack_post_message', 'stripe__create_refund']))
  })

  it('an unknown extension is refused with the ones there are', () => {
    expect(runFindTools({ extension: 'jira-cloud' }, catalog)).toMatchObject({ ok: false, text: expect.stringMatching(/^No extension "jira-cloud" in this session\. Its extensions: github, cloudflare, /) })
    expect(runFindTools({}, catalog)).toMatchObject({ ok: false, text: expect.stringContaining('{"extension": "<id>"}') })
  })
})

describe('recall on the held-out query sets (never tuned on)', () => {
  it('as a model writes queries (118): recall@1 ≥ 0.85 and recall@5 ≥ 0.98 (goals of issue 32)', () => {
    const queries = querySet('heldOutModel')
    expect(queries.length).toBeGreaterThanOrEqual(100)
    expect(recall(queries, search, 1).recall).toBeGreaterThanOrEqual(0.85)
    expect(recall(queries, search, 5).recall).toBeGreaterThanOrEqual(0.98)
  })

  it("in people's own words (120): recall@5 ≥ 0.9 (the goal of issue 32)", () => {
    const queries = querySet('heldOutPeople')
    expect(queries.length).toBeGreaterThanOrEqual(100)
    const now = recall(queries, search, 5).recall
    expect(now).toBeGreaterThanOrEqual(0.9)
    expect(now).toBeGreaterThan(recall(queries, beforeIndex(catalog), 5).recall * 1.4)
  })
})
