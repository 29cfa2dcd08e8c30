/**
 * Ranking over the catalog for `find_tools`. MiniSearch (BM25+) scores each query word on its own
 * over a tool's name words and title, its extension's name, its description and its parameters;
 * this file decides which words to ask for and adds the scores up:
 *
 * - Words are lower-cased and Porter-stemmed (the `stemmer` package): "numbers" finds "number",
 *   "spending" stays "spend" and never becomes "send".
 * - Whole-word (stemmed) matches only, for a word the catalog knows. A word no tool, synonym or stop
 *   word uses is read as the known word one edit from it when there is one (spelling.ts: "githb" is
 *   "github", "calenddar" is "calendar", with its synonyms), weighing as a guess; else prefix and
 *   fuzzy matching of the stemmed word, at the same lower weight: a guess never outranks an exact
 *   match of the same word.
 * - Each word stands with its synonyms and abbreviations (synonyms.ts): "open a PR" also asks for
 *   "create pull request". A word counts once, by its best form; the person's own word weighs most.
 * - More of the query's words matched ranks higher (a coordination factor), so one common word
 *   ("running", "channel") found in many descriptions never outweighs a tool matching several. A word
 *   found only in passing (a parameter's name) covers it in part, a typo guess half.
 * - A request that says all of a tool's name (by its words or their synonyms: "star the repo" is
 *   star_repository) lifts it over tools whose names it says in part; the words most of an
 *   extension's tool names share ("slack_", "API-") do not count.
 * - The topic after "about", a period ("this month") and what follows "for"/"from"/"with" once the
 *   request has said what to do weigh less: they rarely decide which tool.
 * - A word that names an extension ("slack", "aws", "in jira") is a strong signal: that extension's
 *   tools are lifted above others that only share the query's other words.
 * - The description's first sentence (what the tool does) is a field of its own, weighing more than
 *   the rest of the description; values are read as what they are (asConcepts: a link is a "url",
 *   "notes.txt" or "the readme" a "file", "#general" a "channel"), a name after "called" or in code
 *   ("parseConfig") is left out, and a past
 *   tense in a question ("who reviewed") asks what happened.
 *
 * One index per catalog version (the catalog array is replaced whenever a list changes), built on
 * first use.
 */
import MiniSearch, { type SearchOptions } from 'minisearch'
import { stemmer } from 'stemmer'
import type { CatalogTool } from '../../extensions'
import { visibleToModel } from '../../../shared/appMeta'
import { afterDid, expansionsOf, IMPLIED_ACTION, isQuestion, isState, namesNoAction, tableWords, type Expansion } from './synonyms'
import { spellingCorrector, type KnownWords, type SpellingCorrector } from './spelling'

/** Words that match nearly every description or request and say nothing about which tool is meant. */
const STOP_WORDS = new Set([
  'a', 'an', 'the', 'to', 'of', 'in', 'on', 'for', 'and', 'or', 'with', 'by', 'from', 'at', 'is', 'it', 'this', 'that', 'these', 'those',
  'be', 'as', 'me', 'my', 'mine', 'your', 'our', 'we', 'us', 'i', 'you', 'about', 'into', 'please', 'can', 'could', 'would', 'should',
  'will', 'do', 'does', 'did', 'done', 'what', 'whats', 'which', 'who', 'whos', 'how', 'where', 'when', 'why', 'are', 'was', 'were',
  'there', 'any', 'some', 'so', 'far', 'just', 'let', 'lets', 'want', 'need', 'like', 'im', 'its', 'up', 'here', 'them', 'they', 'then',
  'again', 'too', 'also', 'one', 'thing', 'something', 'stuff', 'for', 'but', 'if', 'have', 'has', 'had', 'been', 'being', 'am', 'all',
  'tool', 'tools', 'much',
])

/** The weight of a word's synonym against the word itself, and of a fuzzy or prefix match. */
const SYNONYM_WEIGHT = 0.7
const ABBREVIATION_WEIGHT = 0.9
/** How much the action a request implies (it names none: it asks to see) weighs against a word of it. */
const IMPLIED_WEIGHT = 0.5
/** What the implied actions after the first ("list") weigh against it. */
const IMPLIED_OTHERS = 0.8
const FUZZY_WEIGHT = 0.5
/** A tool scoring at least this share of a word's best tool covers the word fully (the coverage factor); below, in proportion. */
const FULL_COVER = 0.25
/** How much of a word a fuzzy or prefix match covers (the coverage factor): a guess at a typo is not the word. */
const FUZZY_COVERAGE = 0.75
/**
 * A word's forms (itself, its synonyms) are each scaled to their best tool, but never by less than
 * this share of the best form's best score: the person's own word found only weakly (in one
 * description's aside) does not count as fully as a synonym that names a tool.
 */
const SHARED_SCALE = 0.5
/** The weight of a word saying a state ("which VMs are running") against the other words. */
const STATE_WEIGHT = 0.3
/** Matching more of the request's words counts as (share matched)^this: two of two words beat one of two by 4×. */
const COVERAGE_POWER = 2
/**
 * How much a request that says all of a tool's name ("star the repo": star_repository) lifts it
 * over one that says part of it (list_starred_repositories): the share of the name's words said, times this.
 */
const NAME_COVERAGE = 0.5
/** How much a named extension lifts its tools. */
const PRODUCT_LIFT = 2.5
/** A word names a product when at least this share of the tools using it belong to the extensions it names. */
const PRODUCT_SHARE = 0.5

/** Words after which the rest of a request says what something is about. */
const TOPIC = new Set(['about', 'regarding', 'concerning'])
/** Words after which the rest of a request, once it has said what to do to what, says for whom or from where. */
const CONTEXT = new Set(['for', 'from', 'with'])
const CONTEXT_WEIGHT = 0.6
/** Words of a period ("this month", "last week"): when, rarely which tool; they weigh as a topic does. */
const PERIODS = new Set(['today', 'yesterday', 'week', 'weeks', 'month', 'months', 'year', 'years', 'quarter', 'hour', 'hours', 'day', 'days'])
/** The weight of a word of the topic (or of a period) against the other words. */
const TOPIC_WEIGHT = 0.4

/** Words after which the next one names a thing ("called drafts"): it is left out of the search. */
const NAMING = new Set(['called', 'named', 'titled'])

/**
 * Values in a request said as what they are: a link or a bare host ("example.com") is a web page
 * ("url"), not its words ("post", "com"); a file name ("notes.txt") is a file, an address an email,
 * "#general" a channel, "@sam" a user, "ABC-12" an issue, "$20" an amount.
 */
function asConcepts(query: string): string {
  return query
    .replace(/\bhttps?:\/\/\S+/gi, ' url ')
    .replace(/\b[\w.+-]+@[\w-]+\.[\w.-]+\b/g, ' email ')
    .replace(/(?:^|\s)#[\w-]+/g, ' channel ')
    .replace(/(?:^|\s)@[\w-]+/g, ' user ')
    .replace(/\b[A-Z][A-Z0-9]+-\d+\b/g, ' issue ')
    .replace(/[$€£]\s?\d[\d,.]*/g, ' amount ')
    .replace(/\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|dev|app|co|ai|gov|edu)\b(?:\/\S*)?/gi, ' url ')
    .replace(/\b(?:readme|license|licence|changelog|makefile|dockerfile|gemfile|gitignore)\b/gi, ' file ')
    // A name in code ("parseConfig", "user_id") is a value to look for, not words of what the tool does.
    .replace(/\b[a-z]+[A-Z]\w*\b|\b[a-z]+_[a-z_]+\b/g, ' ')
    // A bare number ("add 2 and 3", "issue 42") is a number; a year ("2026"), a time ("3pm") or a size ("10gb") stays as said.
    .replace(/(?:^|\s)(?!(?:19|20)\d\d(?:\s|$))\d+(?:[.,]\d+)?(?=\s|$)/g, ' number ')
    .replace(/(?:^|\s)[\w./-]*\w\.(?:txt|md|pdf|csv|json|ya?ml|toml|ini|log|docx?|xlsx?|pptx?|png|jpe?g|gif|svg|zip|tar|gz|js|ts|py|go|rs|java|html?|css|sh)\b/gi, ' file ')
}

const FIELD_BOOST = { name: 4, extension: 1.5, summary: 2, description: 1, parameters: 0.2 }

interface ToolDocument {
  id: string
  name: string
  /** The description's first sentence: what the tool does, without the caveats and examples that follow. */
  summary: string
  description: string
  parameters: string
  extension: string
}

/** Names are often snake_case or camelCase: "createIssue" and "create_issue" both give "create issue". */
function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
}

/** A word as indexed and asked for: lower-cased, stemmed; undefined for a stop word. */
export function termOf(word: string): string | undefined {
  const lower = word.toLowerCase()
  return STOP_WORDS.has(lower) ? undefined : stemmer(lower)
}

function parameterText(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return ''
  const properties = (schema as { properties?: unknown }).properties
  if (typeof properties !== 'object' || properties === null) return ''
  return Object.entries(properties as Record<string, unknown>)
    .map(([name, value]) => {
      const description = typeof value === 'object' && value !== null ? (value as { description?: unknown }).description : undefined
      return `${name} ${typeof description === 'string' ? description : ''}`
    })
    .join(' ')
}

function firstSentenceOf(text: string): string {
  const end = text.search(/[.!?\n](\s|$)/)
  return end >= 0 ? text.slice(0, end) : text
}

function documentOf(tool: CatalogTool): ToolDocument {
  return {
    id: tool.name,
    name: `${tool.toolName} ${tool.title ?? ''}`,
    summary: firstSentenceOf(tool.description),
    description: tool.description,
    parameters: parameterText(tool.inputSchema),
    extension: `${tool.extensionName} ${tool.extensionId}`,
  }
}

export interface ToolIndex {
  /** The best matches for `query`, best first, at most `limit`. */
  search(query: string, limit: number): CatalogTool[]
  /** The best matches for any of `phrasings` (several ways of saying one need), best first. */
  searchAll(phrasings: readonly string[], limit: number): CatalogTool[]
}

const indexes = new WeakMap<readonly CatalogTool[], ToolIndex>()

/** The index of `tools` (cached for this very array). App-only tools are never indexed. */
export function toolIndexOf(tools: readonly CatalogTool[]): ToolIndex {
  let index = indexes.get(tools)
  if (!index) {
    index = buildIndex(tools.filter((tool) => visibleToModel(tool.ui)))
    indexes.set(tools, index)
  }
  return index
}

/** One query word with everything it may be matched by. */
interface WordQuery {
  term: string
  alternatives: { terms: string[]; weight: number; abbreviation: boolean }[]
  fuzzy: boolean
  /** The word is a typo read as the word it is closest to (spelling.ts): a guess, weighing and covering as a fuzzy match does. */
  guess?: boolean
  /** The word's length as typed (a typo's allowance grows with it). */
  length: number
  /** What the word weighs against the request's other words. */
  weight: number
}

function buildIndex(tools: readonly CatalogTool[]): ToolIndex {
  const byName = new Map(tools.map((tool) => [tool.name, tool]))
  const vocabulary = new Set<string>()
  const search = new MiniSearch<ToolDocument>({
    fields: ['name', 'summary', 'description', 'parameters', 'extension'],
    tokenize: words,
    processTerm: (term) => {
      const processed = termOf(term)
      if (processed) vocabulary.add(processed)
      return processed ?? null
    },
  })
  const documents = tools.map(documentOf)
  search.addAll(documents)
  const products = productWords(tools)
  const nameTerms = nameTermsOf(tools)
  // Built at the first word no tool uses: a catalog searched only in its own words never needs it.
  let spelling: SpellingCorrector | undefined
  /**
   * The request's words, lower-cased, with typos read as the word meant (spelling.ts) and which of
   * them are such guesses. A word the index, a synonym or a stop word knows is never corrected.
   */
  const readWords = (text: string): { read: string[]; guessed: Set<number> } => {
    const guessed = new Set<number>()
    const read = words(text).map((word, i) => {
      const lower = word.toLowerCase()
      const term = termOf(lower)
      if (term === undefined || vocabulary.has(term) || expansionsOf(lower, undefined).length > 0) return lower
      spelling ??= spellingCorrector(knownWords(documents))
      const meant = spelling.correct(lower)
      if (meant === undefined) return lower
      // A form of a known word ("machines" for the table's "machine") is the word itself, not a guess.
      if (termOf(meant) !== undefined && stemmer(meant) !== term) guessed.add(i)
      return meant
    })
    return { read, guessed }
  }

  /** Scores of one stemmed term (already processed: asked for as is). */
  const termScores = (term: string, options: SearchOptions = {}): Map<string, number> => {
    const scores = new Map<string, number>()
    for (const result of search.search(term, { boost: FIELD_BOOST, tokenize: (text) => [text], processTerm: (text) => text, ...options })) scores.set(String(result.id), result.score)
    return scores
  }
  const cache = new Map<string, Map<string, number>>()
  const none = new Map<string, number>()
  // Only the catalog's own words are kept: the cache never outgrows the vocabulary.
  const exact = (term: string) => {
    if (!vocabulary.has(term)) return none
    let scores = cache.get(term)
    if (!scores) {
      scores = termScores(term)
      cache.set(term, scores)
    }
    return scores
  }

  const wordQueries = (query: string): WordQuery[] => {
    const { read: raw, guessed } = readWords(asConcepts(query))
    const queries: WordQuery[] = []
    const question = isQuestion(raw)
    // The words after "about" say what the thing is about ("an email about the leak"), not which tool does it.
    let topic = false
    let context = false
    for (let i = 0; i < raw.length; i++) {
      const word = raw[i]!
      if (TOPIC.has(word) && i > 0) topic = true
      if (CONTEXT.has(word) && queries.length > 1) context = true
      // A name given to something ("a folder called drafts", "customers named smith") is a value, not what the tool does.
      if (NAMING.has(word) || (i > 0 && NAMING.has(raw[i - 1]!))) continue
      const term = termOf(word)
      const happened = afterDid(raw, i)
      const expansions: Expansion[] = expansionsOf(word, raw[i + 1], raw[i - 1], question, happened)
      if (!term && expansions.length === 0) continue
      const known = (expansion: Expansion) => expansion.words.map(termOf).every((entry) => entry !== undefined && vocabulary.has(entry))
      // A phrase's meaning's synonyms only when the catalog never uses the meaning itself ("close by": "nearby" → "local").
      const direct = expansions.some((expansion) => expansion.phrase && !expansion.indirect && known(expansion))
      const alternatives = expansions.filter((expansion) => !(direct && expansion.indirect)).flatMap((expansion) => {
        const terms = expansion.words.map(termOf).filter((entry): entry is string => entry !== undefined)
        return terms.length > 0 && terms.every((entry) => vocabulary.has(entry)) ? [{ terms, weight: expansion.abbreviation ? ABBREVIATION_WEIGHT : SYNONYM_WEIGHT, abbreviation: expansion.abbreviation === true }] : []
      })
      if (expansions.some((expansion) => expansion.phrase)) {
        // Two words that mean one thing ("turn off"): asked for only as what they mean.
        const guess = guessed.has(i) || guessed.has(i + 1)
        queries.push({ term: `${word} ${raw[++i]}`, alternatives, fuzzy: false, guess, length: word.length, weight: 1 })
        continue
      }
      const inCatalog = term !== undefined && vocabulary.has(term)
      // A state ("are running") describes the things asked about; what they are decides.
      const weight = (isState(word, raw[i - 1], question, happened) ? STATE_WEIGHT : 1) * (topic || PERIODS.has(word) ? TOPIC_WEIGHT : 1) * (context ? CONTEXT_WEIGHT : 1)
      queries.push({ term: term ?? word, alternatives, fuzzy: !inCatalog && alternatives.length === 0 && word.length >= 4, guess: guessed.has(i), length: word.length, weight })
    }
    return queries
  }

  const score = (query: string): Map<string, number> => {
    const parts = wordQueries(query)
    const totals = new Map<string, { score: number; words: number }>()
    for (const part of parts) {
      // Each form's scores relative to its best tool, times the word's own weight (its rarity, BM25's
      // IDF, as the person's word has it): a rare synonym weighs no more than the common word it stands for.
      const forms: { scores: Map<string, number>; weight: number; fuzzy?: boolean }[] = []
      const own = exact(part.term)
      const guess = part.guess ? FUZZY_WEIGHT : 1
      if (own.size > 0) forms.push({ scores: own, weight: guess, fuzzy: part.guess })
      for (const alternative of part.alternatives) {
        const [first, ...rest] = alternative.terms.map(exact)
        const scores = new Map<string, number>()
        // A phrase ("pull request") matches only where all its words do.
        for (const [id, value] of first ?? []) if (rest.every((other) => other.has(id))) scores.set(id, value + rest.reduce((sum, other) => sum + other.get(id)!, 0))
        if (scores.size > 0) forms.push({ scores, weight: guess * alternative.weight, fuzzy: part.guess })
      }
      if (part.fuzzy) {
        const distance = part.length >= 6 ? 2 : 1
        const scores = termScores(part.term, { fuzzy: distance, prefix: true, maxFuzzy: distance })
        if (scores.size > 0) forms.push({ scores, weight: FUZZY_WEIGHT, fuzzy: true })
      }
      if (forms.length === 0) continue
      const weight = part.weight * (own.size > 0 ? top(own) : median(forms.map((form) => top(form.scores))))
      // A word counts once, by its best form.
      const best = new Map<string, number>()
      // How much of the word a tool covers: all of it when matched as said or by a synonym, less when only by a guess at a typo.
      const covered = new Map<string, number>()
      const shared = SHARED_SCALE * Math.max(...forms.map((form) => top(form.scores)))
      for (const form of forms) {
        const max = Math.max(top(form.scores), shared)
        for (const [id, value] of form.scores) {
          best.set(id, Math.max(best.get(id) ?? 0, (form.weight * weight * value) / max))
          covered.set(id, Math.max(covered.get(id) ?? 0, part.weight * (form.fuzzy ? FUZZY_COVERAGE : 1)))
        }
      }
      // A word found only in passing (a parameter's name, an aside) covers it in part: by its score against the word's best.
      const strongest = top(best)
      for (const [id, value] of best) {
        const total = totals.get(id) ?? { score: 0, words: 0 }
        total.score += value
        total.words += covered.get(id)! * Math.min(1, value / (FULL_COVER * strongest))
        totals.set(id, total)
      }
    }
    // A request that names no action asks to see something: lean towards list, get and search.
    // A misspelt action ("upoad") still names one.
    const seeing = namesNoAction(readWords(query).read)
    if (seeing && !parts.some((part) => part.fuzzy) && totals.size > 0) {
      const implied = new Map<string, number>()
      // Listing first: "slack channels" asks for the channels, more than for one channel's messages.
      IMPLIED_ACTION.forEach((action, i) => {
        const scores = exact(termOf(action)!)
        const share = i === 0 ? 1 : IMPLIED_OTHERS
        for (const [id, value] of scores) implied.set(id, Math.max(implied.get(id) ?? 0, (share * value) / top(scores)))
      })
      const unit = Math.max(...[...totals.values()].map((total) => total.score)) / Math.max(parts.length, 1)
      for (const [id, total] of totals) total.score += IMPLIED_WEIGHT * unit * (implied.get(id) ?? 0)
    }
    // A product is named by its word or by another name of it ("amazon" for "aws"); a synonym
    // ("schedule" for "calendar") or a typo read as its name ("stack" is one edit from "slack") names it less surely.
    const named = new Map<string, number>()
    for (const part of parts) {
      const sure = part.guess ? Math.sqrt(PRODUCT_LIFT) : PRODUCT_LIFT
      for (const extension of products.get(part.term) ?? []) named.set(extension, Math.max(named.get(extension) ?? 1, sure))
      for (const alternative of part.alternatives) {
        if (alternative.terms.length !== 1) continue
        const lift = alternative.abbreviation && !part.guess ? PRODUCT_LIFT : Math.sqrt(PRODUCT_LIFT)
        for (const extension of products.get(alternative.terms[0]!) ?? []) named.set(extension, Math.max(named.get(extension) ?? 1, lift))
      }
    }
    const scores = new Map<string, number>()
    const wordsWeight = parts.reduce((sum, part) => sum + part.weight, 0)
    // Every word the request may be matched by (its own and their synonyms'): how much of a tool's name it says.
    const asked = new Set(parts.flatMap((part) => [part.term, ...part.alternatives.flatMap((alternative) => alternative.terms)]))
    if (seeing && !parts.some((part) => part.fuzzy)) for (const action of IMPLIED_ACTION) asked.add(termOf(action)!)
    for (const [id, total] of totals) {
      const lift = named.get(byName.get(id)!.extensionId) ?? 1
      const name = nameTerms.get(id)!
      const said = name.length === 0 ? 0 : name.filter((term) => asked.has(term)).length / name.length
      scores.set(id, total.score * (total.words / wordsWeight) ** COVERAGE_POWER * lift * (1 + NAME_COVERAGE * said))
    }
    return scores
  }

  const ranked = (scores: Map<string, number>, limit: number): CatalogTool[] =>
    [...scores]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([id]) => byName.get(id)!)

  return {
    search: (query, limit) => ranked(score(query), limit),
    searchAll(phrasings, limit) {
      // Each phrasing's scores relative to its own best, so a long phrasing does not drown a short one.
      const merged = new Map<string, number>()
      for (const phrasing of phrasings) {
        const scores = score(phrasing)
        const top = Math.max(0, ...scores.values())
        if (top === 0) continue
        for (const [id, value] of scores) merged.set(id, Math.max(merged.get(id) ?? 0, value / top))
      }
      return ranked(merged, limit)
    },
  }
}

function top(scores: Map<string, number>): number {
  let max = 0
  for (const value of scores.values()) if (value > max) max = value
  return max
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]!
}

/**
 * The words a typo may be read as: the catalog's own (each counted by the tools using it), the
 * synonym tables' and the stop words ("tihs" is "this", not a tool's word).
 */
function knownWords(documents: readonly ToolDocument[]): KnownWords {
  const known = new Map<string, number>()
  for (const document of documents) {
    const used = new Set(words(`${document.name} ${document.description} ${document.parameters} ${document.extension}`).map((word) => word.toLowerCase()))
    for (const word of used) known.set(word, (known.get(word) ?? 0) + 1)
  }
  for (const [word, count] of tableWords()) known.set(word, (known.get(word) ?? 0) + count)
  // Known, so never corrected into a tool's word; counted once, so a typo's tie goes to a word tools use ("doen": "done", not "does").
  for (const word of STOP_WORDS) known.set(word, known.get(word) ?? 1)
  return known
}

/**
 * Each tool's name as stemmed words, without the words most of its extension's tool names share
 * ("slack_", "browser_", "API-", "kubectl_"): those say which extension, not what the tool does.
 */
function nameTermsOf(tools: readonly CatalogTool[]): Map<string, string[]> {
  const terms = new Map(tools.map((tool) => [tool.name, [...new Set(words(tool.toolName).map(termOf).filter((term): term is string => term !== undefined))]]))
  const byExtension = new Map<string, CatalogTool[]>()
  for (const tool of tools) byExtension.set(tool.extensionId, [...(byExtension.get(tool.extensionId) ?? []), tool])
  for (const members of byExtension.values()) {
    if (members.length < 3) continue
    const counts = new Map<string, number>()
    for (const tool of members) for (const term of terms.get(tool.name)!) counts.set(term, (counts.get(term) ?? 0) + 1)
    const shared = new Set([...counts].filter(([, count]) => count / members.length > 0.5).map(([term]) => term))
    for (const tool of members) terms.set(tool.name, terms.get(tool.name)!.filter((term) => !shared.has(term)))
  }
  return terms
}

/**
 * Stemmed words that name an extension ("slack", "aws", "jira"), each with the extensions it
 * names: a word of an extension's name or id that the catalog's tools use mostly within the
 * extensions it names ("search" in "brave-search" is used by tools everywhere: not a product word).
 */
function productWords(tools: readonly CatalogTool[]): Map<string, Set<string>> {
  const named = new Map<string, Set<string>>()
  for (const tool of tools) {
    for (const word of words(`${tool.extensionName} ${tool.extensionId}`)) {
      const term = termOf(word)
      if (term && term.length >= 2) named.set(term, (named.get(term) ?? new Set()).add(tool.extensionId))
    }
  }
  const using = new Map<string, { inside: number; all: number }>()
  for (const tool of tools) {
    const terms = new Set(words(`${tool.toolName} ${tool.title ?? ''} ${tool.description}`).map(termOf))
    for (const term of terms) {
      const extensions = term ? named.get(term) : undefined
      if (!term || !extensions) continue
      const count = using.get(term) ?? { inside: 0, all: 0 }
      count.all += 1
      if (extensions.has(tool.extensionId)) count.inside += 1
      using.set(term, count)
    }
  }
  for (const term of [...named.keys()]) {
    const count = using.get(term)
    if (count && count.inside / count.all < PRODUCT_SHARE) named.delete(term)
  }
  return named
}
