/**
 * Every picture the README and docs/ show is in the repository: `![alt](path)`, `<img src="path">` and
 * each candidate of a `<source srcset="…">` (the dark pictures of a `<picture>`) with a relative path, resolved against the page that names it. The pictures themselves come from
 * `npm run screenshots` (docs/images/), which is not part of `npm test`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(__dirname, '../..')

/** The local image paths a Markdown page names (remote and data: images aside; a #fragment or ?query dropped). */
function imagePaths(markdown: string): string[] {
  const found = [
    ...[...markdown.matchAll(/!\[[^\]]*\]\(\s*(?:<([^>]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)].map((match) => (match[1] ?? match[2])!),
    ...[...markdown.matchAll(/<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/gi)].map((match) => match[1]!),
    // srcset: comma-separated candidates, each a URL and an optional width or density ("a.png 2x").
    ...[...markdown.matchAll(/<(?:source|img)\b[^>]*?\bsrcset\s*=\s*["']([^"']+)["']/gi)].flatMap((match) =>
      match[1]!.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!).filter(Boolean),
    ),
  ]
  return found.filter((path) => !/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(path)).map((path) => decodeURI(path.replace(/[?#].*$/, '')))
}

function markdownPages(): string[] {
  const pages = [join(root, 'README.md')]
  const walk = (dir: string) => {
    if (!existsSync(dir)) return
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name))
      else if (entry.name.endsWith('.md')) pages.push(join(dir, entry.name))
    }
  }
  walk(join(root, 'docs'))
  return pages.filter((page) => existsSync(page))
}

describe('images named by README.md and docs/', () => {
  it('finds Markdown and HTML images with local paths, and leaves out remote ones', () => {
    const page = [
      '![Chat](docs/images/chat.png) and ![dark](<images/chat dark.png> "Dark")',
      '<img alt="Settings" src="images/settings.png#light" width="600">',
      '![badge](https://example.com/badge.svg) ![inline](data:image/png;base64,AAAA)',
      '[a link, not an image](docs/guide/setup.md)',
    ].join('\n')
    expect(imagePaths(page)).toEqual(['docs/images/chat.png', 'images/chat dark.png', 'images/settings.png'])
  })

  it('finds every candidate of a <picture>\'s srcset, the dark one included', () => {
    const page = [
      '<picture>',
      '  <source media="(prefers-color-scheme: dark)" srcset="docs/images/chat-dark.png">',
      '  <source srcset="docs/images/wide.png 1600w, docs/images/wide@2x.png 2x, https://example.com/x.png 3x">',
      '  <img alt="Chat" src="docs/images/chat.png" width="800">',
      '</picture>',
    ].join('\n')
    expect(imagePaths(page).sort()).toEqual(['docs/images/chat-dark.png', 'docs/images/chat.png', 'docs/images/wide.png', 'docs/images/wide@2x.png'])
  })

  it('every image a page names exists beside it', () => {
    const missing = markdownPages().flatMap((page) =>
      imagePaths(readFileSync(page, 'utf8'))
        .filter((path) => !existsSync(resolve(dirname(page), path)))
        .map((path) => `${relative(root, page)}: ${path} (run npm run screenshots, or fix the path)`),
    )
    expect(missing).toEqual([])
  })
})
