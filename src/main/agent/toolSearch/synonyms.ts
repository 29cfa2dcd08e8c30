/**
 * The words people and models use for what tools call otherwise: actions ("open" a pull request is
 * "create" one), objects ("vm" is an "instance"), and abbreviations ("PR" is a "pull request").
 * Curated by hand and kept small: every entry is a way of speaking common across products, never
 * one tool's name. The ranking (toolIndex.ts) asks for a word's synonyms beside the word itself,
 * at a lower weight, and only those the catalog uses.
 *
 * | kind | words |
 * |---|---|
 * | create | create, new, make, add, open, raise (and "file a" bug) |
 * | remove | delete, remove, trash, nuke, erase, drop, destroy, kill, terminate |
 * | show | list, get, show, view, see, display, read, fetch, retrieve, check, describe |
 * | send | send, post, tell, message, notify, ping, share |
 * | change | update, edit, change, modify, set, patch |
 * | find | search, find, look, lookup, query, locate |
 * | stop | stop, halt, shut (down), turn off, pause |
 * | start | start, boot, launch, run, spin (up), turn on |
 * | copy | fork, copy, clone, duplicate |
 * | cost | cost, spend, spending, bill, billing, pay, expense, charge |
 * | machine | instance, vm, server, machine, box, host, node |
 * | abbreviations | PR → pull request, MR → merge request, repo → repository, k8s → kubernetes, … |
 *
 * Plus objects (issue/bug/ticket, email/mail, meeting/event/appointment, folder/directory, …)
 * below, everyday words for what tools call otherwise (popup → dialog, throw away → delete, bookmark
 * → star, standup → meeting, snippet → gist, …), written from general vocabulary and the dev query
 * sets (never the held-out ones), and moments ("friday", "3pm") standing for a calendar event. A
 * person's own word always counts more than its synonym.
 *
 * Third round (issue 32, from the third dev set, bench/fixtures/toolSearchDevPeople2.json):
 *
 * | kind | words |
 * |---|---|
 * | objects | inbox → notification; board/kanban/roadmap → project; space/big → size; subscriber → subscription; forecast/predict/estimate; sum/plus/add/calculate; crawl/spider |
 * | actions | handle/dismiss/accept/confirm (a dialog); mark/clear/dismiss; reschedule/postpone/delay/push → update |
 * | abbreviations | dupe → duplicate; whoami → authenticated user; google → web search; remember/forget → memory; bill → invoice |
 * | phrases | who can → collaborator/permission; get to → directions; sea level → elevation; opening hours → place; back up → backup/snapshot; every page/all pages/whole site → crawl; note down → memory |
 *
 * A phrase whose meaning no tool uses ("close by" → "nearby") is asked as that meaning's synonyms ("local").
 */

import { stemmer } from 'stemmer'

export interface Expansion {
  /** The words asked for instead (all of them must match: "pull request"). */
  words: string[]
  /** An abbreviation's full form: weighs almost as much as the word itself. */
  abbreviation?: boolean
  /** This expansion stands for the word and the next one ("turn off"): the next is not asked for again. */
  phrase?: boolean
  /** A synonym of what the phrase means (a second step away): asked for only when the catalog never uses the meaning itself. */
  indirect?: boolean
}

/** Groups of verbs that stand for one another. */
const ACTIONS: string[][] = [
  ['create', 'new', 'make', 'add', 'open', 'raise'],
  ['delete', 'remove', 'trash', 'nuke', 'erase', 'drop', 'destroy', 'kill', 'terminate', 'forget', 'cancel', 'discard', 'scrap', 'ditch', 'wipe', 'purge'],
  ['list', 'get', 'show', 'view', 'see', 'display', 'read', 'fetch', 'retrieve', 'check', 'describe', 'open'],
  ['send', 'post', 'tell', 'message', 'notify', 'ping', 'share'],
  ['update', 'edit', 'change', 'modify', 'set', 'patch', 'move', 'fix', 'correct', 'tweak', 'adjust', 'rewrite', 'bump'],
  ['search', 'find', 'look', 'lookup', 'query', 'locate'],
  ['stop', 'halt', 'shutdown', 'pause'],
  ['start', 'boot', 'launch', 'run', 'spin', 'trigger', 'execute', 'kick', 'rerun'],
  ['fork', 'copy', 'clone', 'duplicate'],
  ['reply', 'respond', 'answer', 'comment'],
  ['restart', 'reboot', 'rollout'],
  ['undo', 'rollback', 'revert'],
  ['deploy', 'ship', 'publish', 'release'],
  ['merge', 'land'],
  ['rename', 'move'],
  ['remember', 'memorize', 'note', 'jot', 'observation', 'recall', 'forget'],
  ['approve', 'review'],
  ['assign', 'assignee'],
  ['schedule', 'book', 'event', 'calendar', 'agenda'],
  // General verbs and the words tools use for them (issue 32's second round).
  ['draft', 'compose', 'prepare'],
  ['download', 'save', 'grab'],
  ['upload', 'put', 'push', 'store'],
  ['star', 'bookmark', 'favorite', 'favourite'],
  ['react', 'reaction', 'emoji'],
  ['respond', 'accept', 'decline', 'rsvp'],
  ['navigate', 'visit', 'browse', 'goto'],
  ['type', 'enter', 'fill', 'input'],
  ['click', 'press', 'tap'],
  ['archive', 'modify'],
  ['monitor', 'watch', 'track', 'follow'],
  ['unsubscribe', 'mute', 'ignore', 'dismiss', 'subscription'],
  ['handle', 'dismiss', 'accept', 'confirm'],
  ['reschedule', 'postpone', 'delay', 'push', 'update'],
  ['mark', 'clear', 'dismiss'],
  ['resize', 'shrink', 'enlarge', 'smaller', 'bigger'],
  ['install', 'setup'],
  ['forward', 'tunnel', 'connect', 'reach'],
  ['prioritize', 'reprioritize', 'priority', 'urgent'],
  ['think', 'reason', 'reflect', 'ponder'],
  ['blame', 'author', 'wrote', 'written'],
  ['generate', 'produce', 'init', 'initialize'],
  ['inspect', 'peek', 'print', 'dump'],
  ['search', 'seek', 'scan', 'grep', 'filter', 'discover'],
  ['announce', 'broadcast', 'say', 'post'],
  ['disable', 'suspend', 'deactivate', 'freeze'],
  ['enable', 'activate', 'resume', 'unpause'],
  ['replace', 'overwrite', 'amend', 'revise', 'alter'],
  ['close', 'resolve', 'complete', 'finish'],
  ['compare', 'diff', 'difference', 'versus'],
  ['summarize', 'summary', 'tldr', 'digest'],
  ['count', 'total', 'tally', 'number'],
  ['login', 'authenticate', 'auth', 'signin'],
  ['export', 'download', 'dump'],
  ['import', 'upload', 'load'],
  ['wait', 'sleep', 'pause'],
  ['hover', 'mouseover'],
  ['drag', 'drop'],
  ['upgrade', 'update', 'bump'],
]

/** Groups of nouns that stand for one another. */
const OBJECTS: string[][] = [
  ['cost', 'spend', 'spending', 'bill', 'billing', 'pay', 'paying', 'expense', 'price', 'charge'],
  ['instance', 'vm', 'server', 'machine', 'box', 'host'],
  ['issue', 'bug', 'ticket', 'task', 'problem'],
  ['email', 'mail', 'inbox'],
  ['meeting', 'event', 'appointment', 'invite', 'invitation', 'dinner', 'lunch'],
  ['folder', 'directory', 'dir'],
  ['webpage', 'page', 'site', 'website', 'url', 'article'],
  ['release', 'version'],
  ['size', 'biggest', 'largest', 'space', 'big', 'huge'],
  ['directions', 'route'],
  ['nearby', 'near', 'local'],
  ['web', 'internet', 'online'],
  ['screenshot', 'snap', 'capture'],
  ['refund', 'chargeback'],
  ['dispute', 'chargeback'],
  ['label', 'tag'],
  ['secret', 'password', 'credential', 'key'],
  ['discount', 'coupon'],
  ['container', 'pod'],
  ['database', 'db', 'sql', 'table'],
  ['firewall', 'security'],
  ['disk', 'volume'],
  ['backup', 'snapshot'],
  ['log', 'logs'],
  ['replica', 'scale'],
  ['free', 'busy', 'availability', 'freebusy'],
  ['customer', 'client'],
  ['repository', 'project'],
  ['message', 'chat'],
  ['picture', 'image', 'photo'],
  // General nouns and the words tools use for them (issue 32's second round).
  ['dialog', 'popup', 'modal', 'alert', 'prompt'],
  ['console', 'error', 'warning', 'exception'],
  ['field', 'input', 'form', 'textbox'],
  ['page', 'doc', 'document', 'note'],
  ['block', 'todo', 'checklist', 'paragraph'],
  ['subscription', 'plan', 'membership', 'tier', 'subscriber'],
  ['vulnerability', 'vulnerable', 'hole', 'cve', 'advisory', 'dependabot', 'exploit'],
  ['dependency', 'dependabot', 'package', 'library'],
  ['gist', 'snippet', 'paste', 'pastebin'],
  ['port', 'firewall', 'security'],
  ['meeting', 'event', 'standup', 'sync', 'offsite', 'call'],
  ['elevation', 'altitude', 'height', 'high', 'tall'],
  ['directions', 'drive', 'driving', 'walk', 'walking', 'commute', 'transit'],
  ['distance', 'far', 'long', 'travel'],
  ['context', 'cluster'],
  ['metric', 'cpu', 'load', 'utilization', 'performance', 'slow', 'overloaded'],
  ['credit', 'quota', 'usage', 'remaining', 'left'],
  ['balance', 'money', 'fund', 'cash', 'payout'],
  ['paper', 'academic', 'research', 'study', 'arxiv', 'journal', 'scientific'],
  ['workflow', 'build', 'pipeline', 'job', 'ci'],
  ['notification', 'mention', 'alert', 'inbox'],
  ['project', 'board', 'kanban', 'roadmap'],
  ['forecast', 'predict', 'prediction', 'projected', 'estimate', 'expected', 'upcoming'],
  ['sum', 'plus', 'add', 'calculate', 'arithmetic', 'math'],
  ['crawl', 'spider'],
  ['thread', 'conversation', 'discussion'],
  ['user', 'person', 'people', 'member', 'profile', 'signup'],
  ['team', 'group', 'org', 'organization'],
  ['coupon', 'discount', 'promo', 'percent', 'off'],
  ['invoice', 'bill', 'charge'],
  ['screenshot', 'picture', 'photo'],
  ['browser', 'window', 'tab', 'viewport'],
  ['file', 'pdf', 'doc', 'spreadsheet', 'csv'],
  ['attachment', 'attached', 'attach'],
  ['email', 'newsletter', 'mail'],
  ['cron', 'schedule', 'nightly', 'daily', 'hourly', 'weekly', 'recurring', 'periodic', 'every'],
  ['entity', 'person', 'fact', 'knowledge', 'know'],
  ['relation', 'works', 'knows', 'relationship'],
  ['monitor', 'change', 'changes'],
  ['repository', 'codebase', 'repo'],
  ['commit', 'changeset', 'history'],
  ['comment', 'remark', 'feedback'],
  ['channel', 'room'],
  ['place', 'location', 'venue', 'spot', 'restaurant', 'shop', 'store', 'business', 'cafe'],
  ['geocode', 'address', 'coordinates', 'latitude', 'longitude'],
  ['status', 'health', 'state', 'healthy', 'up', 'down'],
  ['payment', 'transaction', 'purchase', 'order'],
  ['product', 'item', 'sku', 'goods'],
  ['analytics', 'stats', 'statistics', 'report', 'traffic'],
  ['variable', 'env', 'setting', 'settings', 'config', 'configuration'],
  ['domain', 'zone', 'dns', 'hostname'],
  ['bucket', 'storage', 'blob'],
  ['worker', 'function', 'lambda', 'serverless'],
  ['deployment', 'rollout', 'app'],
]

/** One-way: an abbreviation or short form, and what it stands for. */
const ABBREVIATIONS: Record<string, string[][]> = {
  pr: [['pull', 'request']],
  prs: [['pull', 'request']],
  mr: [['merge', 'request']],
  repo: [['repository']],
  repos: [['repository']],
  k8s: [['kubernetes']],
  kube: [['kubernetes']],
  vm: [['instance']],
  vms: [['instance']],
  ec2: [['instance']],
  db: [['database']],
  dir: [['directory']],
  env: [['environment']],
  config: [['configuration']],
  msg: [['message']],
  // A noun used as a verb: "mail this to Jane" is sending an email.
  mail: [['send', 'email']],
  email: [['send', 'email']],
  text: [['send', 'message']],
  pic: [['image']],
  ci: [['workflow'], ['actions']],
  dm: [['direct', 'message']],
  info: [['information']],
  google: [['web', 'search']],
  dupe: [['duplicate']],
  dup: [['duplicate']],
  whoami: [['authenticated', 'user'], ['self']],
  // What a person asks to be remembered or forgotten is what a memory (knowledge graph) keeps.
  remember: [['memory']],
  // "bill acme for…" asks for an invoice (the noun "bill" still finds costs through its group).
  bill: [['invoice']],
  forget: [['memory']],
  news: [['web', 'search']],
  far: [['distance']],
  access: [['collaborator'], ['permission']],
  // Products known by two names.
  amazon: [['aws']],
  aws: [['amazon']],
}

/** Two words that mean one thing. */
const PHRASES: Record<string, string[][]> = {
  'turn off': [['stop']],
  'shut down': [['stop']],
  'switch off': [['stop']],
  'turn on': [['start']],
  'spin up': [['launch'], ['run']],
  'boot up': [['start']],
  'money back': [['refund']],
  'pay back': [['refund']],
  'sign in': [['login']],
  'log in': [['login']],
  'look up': [['search']],
  'set up': [['create']],
  'free time': [['freebusy']],
  'close by': [['nearby']],
  'how many': [['count'], ['query']],
  'jot down': [['note'], ['memory']],
  'note down': [['note'], ['memory']],
  'file a': [['create']],
  'file an': [['create']],
  'get rid': [['delete']],
  'throw away': [['delete']],
  'thumbs up': [['reaction']],
  'go back': [['back'], ['rollback']],
  'go to': [['navigate']],
  'kick off': [['trigger'], ['run']],
  'say yes': [['respond']],
  'say no': [['respond']],
  'keep track': [['monitor']],
  'sign up': [['user']],
  'signed up': [['user']],
  'to do': [['todo']],
  'my plate': [['assigned']],
  'make sure': [['check']],
  'pick up': [['assign']],
  'who can': [['collaborator'], ['permission']],
  'get to': [['directions']],
  'sea level': [['elevation']],
  'opening hours': [['place']],
  'back up': [['backup'], ['snapshot']],
  'every page': [['crawl']],
  'all pages': [['crawl']],
  'whole site': [['crawl']],
  'entire site': [['crawl']],
}

/**
 * A moment of the week or day ("friday", "tomorrow", "3pm") stands for what happens then: an event
 * on a calendar. Asked for as a synonym (below the word itself, which most tools never use).
 */
const MOMENTS = new Set(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'tomorrow', 'tonight', 'weekend', 'morning', 'afternoon', 'evening', 'noon', 'midnight'])
const MOMENT_MEANS = [['event'], ['calendar']]
const isMoment = (word: string) => MOMENTS.has(word.replace(/s$/, '')) || /^\d{1,2}(?::\d\d)?(?:am|pm)$/.test(word)

/** Keyed by stem: "meetings" finds the row of "meeting", "bugs" that of "bug". */
const key = (word: string) => stemmer(word.toLowerCase())

interface Tables {
  /** Each word's stem → the other words of its groups. */
  byWord: Map<string, string[][]>
  abbreviations: Map<string, string[][]>
  /** The stems of the action words. */
  actionWords: Set<string>
}

let built: Tables | undefined

/**
 * The stem-keyed tables, built on the first search rather than when the host loads this module:
 * stemming every word of every group took ~25 ms of each start (bench/startup.ts), for tables only a
 * tool search reads. Each word is stemmed once here (it was once per pair of a group's words).
 */
function tables(): Tables {
  if (built) return built
  const byWord = new Map<string, string[][]>()
  for (const group of [...ACTIONS, ...OBJECTS]) {
    const stems = group.map(key)
    group.forEach((_word, i) => {
      const others = group.filter((_other, j) => stems[j] !== stems[i]).map((other) => [other])
      byWord.set(stems[i]!, [...(byWord.get(stems[i]!) ?? []), ...others])
    })
  }
  const abbreviations = new Map(Object.entries(ABBREVIATIONS).map(([word, forms]) => [key(word), forms]))
  built = { byWord, abbreviations, actionWords: new Set(ACTIONS.flat().map(key)) }
  return built
}

const BE = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being'])

/** Words a question starts with. */
const QUESTION = new Set(['who', 'what', 'whats', 'which', 'when', 'where', 'did', 'has', 'have', 'had', 'was', 'were', 'is', 'are', 'any', 'why', 'how'])

/** Whether the request is a question ("who reviewed the PR", "did the build pass"). */
export function isQuestion(words: readonly string[]): boolean {
  return words.length > 0 && QUESTION.has(words[0]!)
}

/**
 * Whether `word` says a state, not an action: a participle after a form of "be" ("which VMs are
 * *running*", "boxes that are *stopped*") asks which things are so, not to run or stop them; so
 * does a past tense in a question ("who *reviewed* the PR", "what *changed*"), or a verb after "did"
 * in one (`afterDid`: "what did people *say*", "did the ci *pass*"): it asks what happened.
 */
export function isState(word: string, before: string | undefined, question = false, afterDid = false): boolean {
  return (before !== undefined && BE.has(before) && /(?:ing|ed)$/.test(word)) || (question && /[^e]ed$/.test(word)) || (question && afterDid && tables().actionWords.has(key(word)))
}

/** Whether the word at `index` follows a "did" of the request (see isState). */
export function afterDid(words: readonly string[], index: number): boolean {
  return words.slice(0, index).some((word) => word === 'did' || word === 'didnt')
}

/** What `word` may also be asked as; `next`, the query's following word, for two-word phrases; `before`, the word before it; `question`, whether the request is one. */
export function expansionsOf(word: string, next: string | undefined, before?: string, question = false, happened = false): Expansion[] {
  if (isState(word, before, question, happened)) return []
  const { abbreviations, byWord } = tables()
  const phrase = next === undefined ? undefined : PHRASES[`${word} ${next}`]
  // A phrase stands for its words and, for a one-word meaning, that word's synonyms too ("close by" is "nearby", so "local").
  if (phrase) return phrase.flatMap((words) => [{ words, phrase: true }, ...(words.length === 1 ? (byWord.get(key(words[0]!)) ?? []) : []).map((other) => ({ words: other, phrase: true, indirect: true }))])
  const stem = key(word)
  const moment = isMoment(word) ? MOMENT_MEANS.map((words) => ({ words })) : []
  return [...(abbreviations.get(stem) ?? []).map((words) => ({ words, abbreviation: true })), ...(byWord.get(stem) ?? []).map((words) => ({ words })), ...moment]
}

/**
 * Whether a request names no action at all ("my linear tasks", "chargebacks this week"): such a
 * request asks to see something, so the ranking leans towards the tools that list, get and search.
 */
export function namesNoAction(words: readonly string[]): boolean {
  const question = isQuestion(words)
  const { actionWords } = tables()
  return !words.some((word, i) => actionWords.has(key(word)) && !isState(word, words[i - 1], question, afterDid(words, i)))
}

/** What a request that names no action is taken to ask for. */
export const IMPLIED_ACTION = ['list', 'get', 'search', 'describe']

/** Every word the tables know (what a typo may be read as: spelling.ts), with how many entries use it. */
export function tableWords(): Map<string, number> {
  const counts = new Map<string, number>()
  const count = (word: string) => counts.set(word, (counts.get(word) ?? 0) + 1)
  for (const group of [...ACTIONS, ...OBJECTS]) group.forEach(count)
  for (const [word, forms] of Object.entries(ABBREVIATIONS)) [word, ...forms.flat()].forEach(count)
  for (const [phrase, forms] of Object.entries(PHRASES)) [...phrase.split(' '), ...forms.flat()].forEach(count)
  MOMENTS.forEach(count)
  return counts
}
