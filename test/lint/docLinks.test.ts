/**
 * Every relative link in the README, the other top-level pages and docs/ leads somewhere: the file
 * exists (resolved against the page that links to it), and a `#fragment` into a Markdown page names
 * one of its headings, slugged as GitHub slugs them. The README's sections moved into docs/guide/
 * (issue 31); this keeps the links between the pages right as they move again.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(__dirname, '../..')

/** A page without its fenced code blocks (a `# comment` in a shell block is no heading). */
function withoutFences(markdown: string): string {
  return markdown.replace(/^\s*(```+|~~~+)[^\n]*\n[\s\S]*?^\s*\1[^\n]*$/gm, '')
}

/** The prose of a page: code blocks and inline code spans removed (a `[x](y)` there is no link). */
function prose(markdown: string): string {
  return withoutFences(markdown).replace(/(`+)[^`\n]*?\1/g, '')
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors of a Markdown page's headings, a repeated heading numbered as GitHub numbers it (-1, -2). */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const found = new Set<string>()
  for (const match of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!)
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    found.add(count === 0 ? base : `${base}-${count}`)
  }
  return found
}

/** The relative link targets of a page (`[text](target)`, `<a href>`): remote and mail links aside. */
export function linkTargets(markdown: string): string[] {
  const text = prose(markdown)
  const found = [
    ...[...text.matchAll(/\]\(\s*(?:<([^>]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)].map((match) => (match[1] ?? match[2])!),
    ...[...text.matchAll(/<a\b[^>]*?\bhref\s*=\s*["']([^"']+)["']/gi)].map((match) => match[1]!),
  ]
  return found.filter((target) => !/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(target))
}

function pages(): string[] {
  const found = readdirSync(root).filter((name) => name.endsWith('.md')).map((name) => join(root, name))
  const walk = (dir: string) => {
    if (!existsSync(dir)) return
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name))
      else if (entry.name.endsWith('.md')) found.push(join(dir, entry.name))
    }
  }
  walk(join(root, 'docs'))
  return found
}

/** What is wrong with one link of `page`, or undefined when it leads somewhere. */
function brokenLink(page: string, target: string): string | undefined {
  const [pathPart, fragment] = target.split('#', 2) as [string, string | undefined]
  const file = pathPart === '' ? page : resolve(dirname(page), decodeURI(pathPart.replace(/\?.*$/, '')))
  if (!existsSync(file)) return `${target}: no such file`
  if (fragment === undefined || !file.endsWith('.md') || statSync(file).isDirectory()) return undefined
  if (!anchors(readFileSync(file, 'utf8')).has(decodeURIComponent(fragment).toLowerCase())) return `${target}: ${relative(root, file)} has no heading #${fragment}`
  return undefined
}

describe('links between README.md, the top-level pages and docs/', () => {
  it('slugs headings as GitHub does, and finds relative links outside code', () => {
    const page = [
      '# Switchboard user guide',
      '## Frontend tools (charts, notifications, clipboard)',
      '## Starting the app (`npm start`)',
      '## 3. Module map',
      '## Set up',
      '## Set up',
      '```sh',
      '# not a heading [nor a link](nowhere.md)',
      '```',
      'See [Extensions](extensions.md#install-links), [this page](#set-up-1), `[code](not-a-link.md)`,',
      '[the site](https://modelcontextprotocol.io), [mail](mailto:a@example.invalid) and <a href="../SECURITY.md">policy</a>.',
    ].join('\n')
    expect([...anchors(page)]).toEqual([
      'switchboard-user-guide',
      'frontend-tools-charts-notifications-clipboard',
      'starting-the-app-npm-start',
      '3-module-map',
      'set-up',
      'set-up-1',
    ])
    expect(linkTargets(page)).toEqual(['extensions.md#install-links', '#set-up-1', '../SECURITY.md'])
  })

  it('every relative link leads to a file, and every #fragment to a heading of it', () => {
    const broken = pages().flatMap((page) =>
      linkTargets(readFileSync(page, 'utf8'))
        .map((target) => brokenLink(page, target))
        .filter((problem): problem is string => problem !== undefined)
        .map((problem) => `${relative(root, page)}: ${problem}`),
    )
    expect(broken).toEqual([])
  })
})
