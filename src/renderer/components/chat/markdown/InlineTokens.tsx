/** Inline markdown (emphasis, code, links…) as React elements: no HTML string is ever set, so model text cannot inject markup. */
import type { ReactNode } from 'react'
import type { Token } from 'marked'
import { isSafeExternalUrl, UNOPENABLE_LINK_NOTE } from '../../../../shared/externalLinks'
import { decodeEntities } from './entities'

/** Links the app opens (Electron hands them to the system browser): the same rule as main's link policy. */
export function safeHref(href: string): string | undefined {
  return isSafeExternalUrl(href)
}

/**
 * What is said next to a link the app will not open (it is shown as plain text, since clicking it
 * would do nothing): the address, when the link text does not already show it, and why.
 */
export function refusedLinkNote(href: string, text: string): string | undefined {
  if (safeHref(href) !== undefined || !URL.canParse(href)) return undefined
  return text.trim() === href ? UNOPENABLE_LINK_NOTE : `${href} — ${UNOPENABLE_LINK_NOTE}`
}

const link = 'font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-600 dark:text-indigo-300 dark:decoration-indigo-500/50 dark:hover:decoration-indigo-300'

function Inline({ token }: { token: Token }): ReactNode {
  switch (token.type) {
    case 'text':
      return token.tokens ? <InlineTokens tokens={token.tokens} /> : decodeEntities(String(token.text))
    case 'escape':
      return token.text
    case 'strong':
      return (
        <strong className="font-semibold">
          <InlineTokens tokens={token.tokens ?? []} />
        </strong>
      )
    case 'em':
      return (
        <em>
          <InlineTokens tokens={token.tokens ?? []} />
        </em>
      )
    case 'del':
      return (
        <del>
          <InlineTokens tokens={token.tokens ?? []} />
        </del>
      )
    case 'codespan':
      return (
        <code className="rounded bg-zinc-100 px-1 py-px font-mono text-[0.85em] text-zinc-800 ring-1 ring-zinc-200 ring-inset dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-700">
          {token.text}
        </code>
      )
    case 'br':
      return <br />
    case 'link': {
      const href = safeHref(token.href)
      const children = <InlineTokens tokens={token.tokens ?? []} />
      if (href) {
        return (
          <a href={href} title={token.title ?? href} target="_blank" rel="noreferrer noopener" className={link}>
            {children}
          </a>
        )
      }
      const note = refusedLinkNote(token.href, token.text)
      return note ? (
        <span>
          {children} <span className="text-xs text-zinc-500 dark:text-zinc-400">({note})</span>
        </span>
      ) : (
        children
      )
    }
    case 'image': {
      // Images from the web are not loaded (the page's CSP allows only its own); a link stands in.
      const href = safeHref(token.href)
      const label = `Image: ${token.text || token.href}`
      return href ? (
        <a href={href} target="_blank" rel="noreferrer noopener" className={link}>
          {label}
        </a>
      ) : (
        label
      )
    }
    case 'checkbox':
      return <input type="checkbox" checked={token.checked} readOnly disabled className="mr-1.5 align-middle" aria-label={token.checked ? 'Done' : 'Not done'} />
    case 'html':
      // Raw HTML is shown as the text it is.
      return token.raw
    default:
      return 'raw' in token && typeof token.raw === 'string' ? token.raw : null
  }
}

export function InlineTokens({ tokens }: { tokens: readonly Token[] }) {
  return tokens.map((token, index) => <Inline key={index} token={token} />)
}
