/**
 * Reads the JSON of an imported config. VS Code's mcp.json is JSONC (comments and trailing commas
 * are allowed there and people use them), so it is read with jsonc-parser, the parser VS Code reads
 * it with; plain JSON reads the same. An error names its line and column and what is wrong there,
 * never the text around it: that text may be an API key.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser'

export type JsonTextResult = { ok: true; value: unknown } | { ok: false; problem: string }

const options = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false }

/** Parses JSON or JSONC text; `what` names the input in the message, e.g. "The pasted config". Never throws. */
export function parseJsonText(text: string, what: string): JsonTextResult {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  if (withoutBom.trim() === '') return { ok: false, problem: `${what} is empty; paste the whole JSON file.` }
  const errors: ParseError[] = []
  let tree: Node | undefined
  try {
    tree = parseTree(withoutBom, errors, options)
  } catch {
    // The parser recurses per nesting level; only absurdly deep nesting overflows the stack.
    return { ok: false, problem: `${what} is nested too deeply to read; copy the whole file again, or fix it there.` }
  }
  const first = errors[0]
  if (first || !tree) return { ok: false, problem: `${what} is not valid JSON (${describeError(first, withoutBom)}); copy the whole file again, or fix it there.` }
  return { ok: true, value: valueOf(tree) }
}

/**
 * The value of a parsed node. Built here rather than with jsonc-parser's `parse`, which assigns
 * members one by one, so a "__proto__" key would replace the object's prototype; `fromEntries`
 * makes it an own member, as JSON.parse does.
 */
function valueOf(node: Node): unknown {
  switch (node.type) {
    case 'object':
      return Object.fromEntries((node.children ?? []).map((member) => [String(member.children?.[0]?.value), member.children?.[1] ? valueOf(member.children[1]) : undefined]))
    case 'array':
      return (node.children ?? []).map(valueOf)
    default:
      return node.value as unknown
  }
}

const explanations: Partial<Record<ReturnType<typeof printParseErrorCode>, string>> = {
  PropertyNameExpected: 'a property name in double quotes is expected',
  ValueExpected: 'a value is missing',
  ColonExpected: 'a colon is missing',
  CommaExpected: 'a comma is missing',
  CloseBraceExpected: 'a closing } is missing',
  CloseBracketExpected: 'a closing ] is missing',
  EndOfFileExpected: 'there is more text after the end',
  InvalidNumberFormat: 'a number is written wrongly',
  InvalidEscapeCharacter: 'a backslash escape is not valid',
  InvalidUnicode: 'a \\u escape is not valid',
  InvalidCharacter: 'a string holds a control character (write it as an escape)',
}

/** What and where the first error is: "a comma is missing at line 3, column 7". */
function describeError(error: ParseError | undefined, text: string): string {
  if (!error) return 'it holds no value'
  const before = text.slice(0, error.offset)
  const line = before.split('\n').length
  const where = `at line ${line}, column ${before.length - before.lastIndexOf('\n')}`
  const code = printParseErrorCode(error.error)
  // jsonc-parser points at the start of an unclosed string or comment.
  if (code === 'UnexpectedEndOfString') return `it ends too early: the text in quotes ${where} never closes; part of it is missing`
  if (code === 'UnexpectedEndOfComment') return `it ends too early: the comment ${where} never closes; part of it is missing`
  if (error.offset >= text.trimEnd().length) return `it ends too early ${where}; part of it is missing`
  return `${explanations[code] ?? 'unexpected text'} ${where}`
}
