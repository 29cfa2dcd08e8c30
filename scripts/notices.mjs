// The third-party notices that ship with the app (resources/THIRD_PARTY_NOTICES.md), generated from
// package-lock.json at every `npm run build` so they always match what is installed and packed.
//
// Why a script and not a licence tool from npm: those tools list the lock's production packages only,
// but most of the code Switchboard ships is bundled into out/ by the build from devDependencies (the
// main process's libraries, React and the renderer's libraries); the packages left in `dependencies`
// are only what the main loads from node_modules at run time. So the shipped set here is the lock's
// dependency graph followed from both: `dependencies` (+ optional) and every package the app's sources
// import (src/main, src/shared, src/preload, src/renderer). Following every dependency of a bundled
// package may list a few the bundler tree-shook away; a notice too many is harmless, one missing is not.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'

const SOURCE_FOLDERS = ['src/main', 'src/shared', 'src/preload', 'src/renderer']
// `import … from 'x'` / `export … from 'x'` at a statement's start, `import 'x'`, `import('x')`,
// `createRequire(…)('x')` (type-only imports count too: a notice too many is harmless).
const IMPORT = /^\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]|createRequire\([^()]*\)\(\s*['"]([^'"]+)['"]\s*\)/gm
const LICENSE_FILE = /^(licen[cs]e|copying|notice)(\.|-|$)/i

/** The package name of an import specifier, or undefined for relative paths and Node's own modules. */
function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || specifier.includes('?')) return undefined
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]
  return builtinModules.includes(name) || name === 'electron' ? undefined : name
}

/** The installed packages the app's sources import. */
export function importedPackages(root) {
  const installed = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages
  const names = new Set()
  for (const folder of SOURCE_FOLDERS) {
    for (const file of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
      if (!/\.(ts|tsx|js|mjs|cjs|css)$/.test(file)) continue
      const text = readFileSync(join(root, folder, file), 'utf8')
      for (const match of text.matchAll(IMPORT)) {
        const name = packageOf(match[1] ?? match[2] ?? match[3])
        if (name && installed[`node_modules/${name}`]) names.add(name)
      }
    }
  }
  return names
}

/** Where Node resolves `name` from the lock entry at `from` ('' is the project): the nearest node_modules upwards. */
function resolveIn(packages, from, name) {
  for (let base = from; ; base = base.includes('/node_modules/') ? base.slice(0, base.lastIndexOf('/node_modules/')) : '') {
    const path = posix.join(base, 'node_modules', name)
    if (packages[path]) return path
    if (base === '') return undefined
  }
}

/** The lock entries (by path) of everything shipped: the dependency graph from `dependencies` and the imported packages. */
export function shippedPackages(root) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))
  const packages = lock.packages
  const project = packages['']
  const roots = new Set([...Object.keys(project.dependencies ?? {}), ...Object.keys(project.optionalDependencies ?? {}), ...importedPackages(root)])
  const shipped = new Map()
  const queue = [...roots].map((name) => ({ from: '', name }))
  while (queue.length > 0) {
    const { from, name } = queue.shift()
    const path = resolveIn(packages, from, name)
    if (path === undefined || shipped.has(path)) continue
    const entry = packages[path]
    shipped.set(path, entry)
    for (const dependency of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) queue.push({ from: path, name: dependency })
  }
  return shipped
}

/** The notices text: one section per package (name, version, licence, and the licence files it carries). */
export function noticesText(root) {
  const sections = []
  const seen = new Set()
  const shipped = [...shippedPackages(root)].map(([path, entry]) => ({ path, entry, name: entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length) }))
  shipped.sort((a, b) => a.name.localeCompare(b.name) || a.entry.version.localeCompare(b.entry.version))
  for (const { path, entry, name } of shipped) {
    const id = `${name}@${entry.version}`
    if (seen.has(id)) continue
    seen.add(id)
    const folder = join(root, path)
    const files = existsSync(folder) ? readdirSync(folder).filter((file) => LICENSE_FILE.test(file)).sort() : []
    const texts = files.map((file) => readFileSync(join(folder, file), 'utf8').trim())
    const body = texts.length > 0 ? texts.map((text) => '```\n' + text.replaceAll('```', "'''") + '\n```').join('\n\n') : `No licence file is installed on the machine that built this package (a platform-specific binary); the licence is ${entry.license ?? 'named in the package'}.`
    sections.push(`## ${id}\n\nLicence: ${entry.license ?? 'see below'}\n\n${body}\n`)
  }
  return `# Third-party notices\n\nSwitchboard ships the following open-source packages (generated from package-lock.json by scripts/notices.mjs).\n\n${sections.join('\n')}`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..')
  const output = process.argv[2] ?? join(root, 'out', 'THIRD_PARTY_NOTICES.md')
  writeFileSync(output, noticesText(root))
  console.log(`notices: ${output}`)
}
