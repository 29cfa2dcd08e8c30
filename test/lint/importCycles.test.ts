/**
 * No import circles inside src/main (docs/architecture.md §3): two modules that import each other,
 * even for types only, are one concern split in the wrong place — the shared piece belongs in a
 * file of its own that both import. Imports are read with TypeScript's own pre-processor, so a
 * path in a comment or a string is not taken for one.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = resolve(__dirname, '../..')
const main = join(root, 'src/main')

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** Each file and the files of the same tree it imports (relative specifiers only). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files)
  const target = (from: string, specifier: string): string | undefined => {
    const base = resolve(dirname(from), specifier)
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => known.has(candidate))
  }
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
      const targets = importedFiles.filter((i) => i.fileName.startsWith('.')).map((i) => target(file, i.fileName))
      return [file, [...new Set(targets.filter((t): t is string => t !== undefined))]]
    }),
  )
}

/** The groups of files that reach each other (Tarjan's strongly connected components of size > 1). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (file: string): void => {
    index.set(file, counter)
    low.set(file, counter++)
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1) circles.push(group.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return circles
}

describe('import circles', () => {
  it('finds a circle in a planted graph, and none in a chain', () => {
    const circle = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]])
    expect(importCircles(circle)).toEqual([['a', 'b', 'c']])
    expect(importCircles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([])
  })

  it('src/main has none', () => {
    const circles = importCircles(importGraph(sourceFiles(main))).map((group) => group.map((file) => relative(main, file)).join(' ↔ '))
    expect(circles, 'move what the files share into a file of its own that both import').toEqual([])
  })
})
