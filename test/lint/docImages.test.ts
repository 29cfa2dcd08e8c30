/**
 * Every picture the README and docs/ show is in the repository: `![alt](path)` and `<img src="path">`
 * with a relative path, resolved against the page that names it. The pictures themselves come from
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

  it('every image a page names exists beside it', () => {
    const missing = markdownPages().flatMap((page) =>
      imagePaths(readFileSync(page, 'utf8'))
        .filter((path) => !existsSync(resolve(dirname(page), path)))
        .map((path) => `${relative(root, page)}: ${path} (run npm run screenshots, or fix the path)`),
    )
    expect(missing).toEqual([])
  })
})
