/**
 * Syntax highlighting for code blocks: highlight.js core with a handful of common languages (the
 * whole library is large). It works under the page's CSP: no eval, no inline styles, only classes
 * that styles.css colours for light and dark.
 */
import hljs from 'highlight.js/lib/core'
import bash from 'highlight.js/lib/languages/bash'
import c from 'highlight.js/lib/languages/c'
import cpp from 'highlight.js/lib/languages/cpp'
import css from 'highlight.js/lib/languages/css'
import diff from 'highlight.js/lib/languages/diff'
import go from 'highlight.js/lib/languages/go'
import java from 'highlight.js/lib/languages/java'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import markdown from 'highlight.js/lib/languages/markdown'
import python from 'highlight.js/lib/languages/python'
import rust from 'highlight.js/lib/languages/rust'
import sql from 'highlight.js/lib/languages/sql'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'

const languages = { bash, c, cpp, css, diff, go, java, javascript, json, markdown, python, rust, sql, typescript, xml, yaml }
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language)
hljs.registerAliases(['sh', 'shell', 'zsh', 'console'], { languageName: 'bash' })
hljs.registerAliases(['html', 'svg'], { languageName: 'xml' })
hljs.configure({ ignoreUnescapedHTML: true })

/** Above this, a block is shown plain: highlighting it could hold the page up. */
const MAX_HIGHLIGHT = 100_000

/**
 * The block as highlight.js HTML, or null when its language is unknown (or none is given) or it is
 * too long. The HTML is highlight.js's own output: the code itself escaped, wrapped in
 * `<span class="hljs-…">` only, so it is safe to set as innerHTML.
 */
export function highlightCode(code: string, lang: string | undefined): string | null {
  const name = lang?.trim().split(/\s/)[0]?.toLowerCase()
  if (!name || code.length > MAX_HIGHLIGHT || !hljs.getLanguage(name)) return null
  const key = `${name}\n${code}`
  const cached = highlighted.get(key)
  if (cached !== undefined) return cached
  let html: string | null
  try {
    html = hljs.highlight(code, { language: name, ignoreIllegals: true }).value
  } catch {
    html = null
  }
  remember(highlighted, key, html)
  return html
}

/**
 * Blocks highlighted lately. A message scrolled out of the virtualized list and back is drawn anew;
 * without this each of its code blocks would be highlighted again, all in one task.
 */
const highlighted = new Map<string, string | null>()
const MAX_REMEMBERED = 200

function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  cache.delete(key)
  cache.set(key, value)
  if (cache.size > MAX_REMEMBERED) cache.delete(cache.keys().next().value as string)
}
