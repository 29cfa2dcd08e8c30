/**
 * Character references in markdown text ("&amp;", "&eacute;", "&#39;"), which marked leaves for an
 * HTML renderer to pass through. Rendered as React text they must be decoded here, with the full
 * HTML table of names, case-sensitively ("&Eacute;" is not "&eacute;"). Strict mode: CommonMark
 * reads a reference only with its semicolon, so "?a=1&para=2" in a reply stays as written.
 */
import { DecodingMode, decodeHTML } from 'entities'

export function decodeEntities(text: string): string {
  return text.includes('&') ? decodeHTML(text, DecodingMode.Strict) : text
}
