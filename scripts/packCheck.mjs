// `npm run dist:check`: runs electron-builder for real on build/electron-builder.yml, with a stand-in
// for the Electron binary (the real one cannot be downloaded everywhere, e.g. in CI here), into the
// unpacked Linux folder only. Checks what the real packages get from the same steps: the app files
// in app.asar (and nothing of src/ or test/), the runtime dependencies and nothing the build bundles
// (the lock file's dev flag), only gpt-tokenizer's o200k_base encoding, app.asar within its size budget,
// the first-use requires loading from the archive, the native keychain modules unpacked beside it,
// electron-updater's app-update.yml (GitHub, package.json's repository), LICENSE and the third-party
// notices listing every packed package, the fuses the afterPack hook flipped, and the .deb's resolved Depends.
// The installers themselves (AppImage, deb, rpm, dmg + zip, NSIS) are built by `npm run dist` and the release workflow.
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { extractAll, listPackage } from '@electron/asar'
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { build, Platform } from 'electron-builder'
import { parse } from 'yaml'
import { FUSES } from '../build/fuses.mjs'
import { missingDebDepends, resolvedDebDepends } from './linuxDepends.mjs'

/** The budget of app.asar: the app's build and the few packages the main loads from node_modules. */
const MAX_ASAR_BYTES = 40e6
/** Native bindings: unpacked beside the archive, checked on their own below. */
const NATIVE = ['keytar', '@napi-rs/']

/** What the built main requires on first use through createRequire (ajv, the tokenizer, the keychain bindings). */
async function firstUseRequires(folder) {
  const specifiers = new Set()
  for (const file of (await readdir(folder, { recursive: true })).filter((name) => name.endsWith('.js'))) {
    for (const [, specifier] of (await readFile(join(folder, file), 'utf8')).matchAll(/createRequire\([^()]*\)\(\s*["']([^"']+)["']\s*\)/g)) specifiers.add(specifier)
  }
  return [...specifiers]
}

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
/** Electron's own fuse defaults, as a fresh binary has them. */
const ELECTRON_DEFAULT_WIRE = '101100011'

/** A file holding Electron's fuse wire where the binary would have it: enough for electron-builder and @electron/fuses. */
async function standInElectron(dir) {
  const { version } = JSON.parse(await readFile('node_modules/electron/package.json', 'utf8'))
  await mkdir(join(dir, 'resources'), { recursive: true })
  const binary = join(dir, 'electron')
  await writeFile(binary, Buffer.concat([Buffer.alloc(1024), Buffer.from(SENTINEL), Buffer.from([1, ELECTRON_DEFAULT_WIRE.length]), Buffer.from(ELECTRON_DEFAULT_WIRE), Buffer.alloc(1024)]))
  await chmod(binary, 0o755)
  await writeFile(join(dir, 'version'), version)
  await writeFile(join(dir, 'LICENSE'), '')
  await writeFile(join(dir, 'LICENSES.chromium.html'), '')
}

const problems = []
const expect = (ok, message) => ok || problems.push(message)

const scratch = await mkdtemp(join(tmpdir(), 'switchboard-pack-'))
try {
  const electronDist = join(scratch, 'electron')
  await standInElectron(electronDist)
  const config = parse(await readFile('build/electron-builder.yml', 'utf8'))
  // The .deb's Depends as electron-builder resolves them: a `deb.depends` replaces its list of what Electron needs.
  const missingDepends = missingDebDepends(resolvedDebDepends(config))
  expect(missingDepends.length === 0, `the .deb would not depend on ${missingDepends.join(', ')}: drop deb.depends in build/electron-builder.yml (it replaces electron-builder's list) or add them`)
  const output = join(scratch, 'dist')
  await build({
    targets: Platform.LINUX.createTarget('dir'),
    publish: 'never',
    config: { ...config, electronDist, directories: { ...config.directories, output } },
  })

  const app = join(output, 'linux-unpacked')
  const resources = join(app, 'resources')
  const files = listPackage(join(resources, 'app.asar'), { isPack: false }).map((file) => file.replaceAll('\\', '/'))
  for (const file of ['/package.json', '/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html']) expect(files.includes(file), `app.asar lacks ${file}`)
  expect(!files.some((file) => /^\/(src|test|bench|scripts)\//.test(file)), 'app.asar contains sources or tests')
  expect(!files.some((file) => file.startsWith('/out/') && file.endsWith('.map')), 'app.asar contains the build\'s source maps')
  const packageJson = JSON.parse(await readFile('package.json', 'utf8'))
  for (const name of Object.keys(packageJson.dependencies)) expect(files.includes(`/node_modules/${name}/package.json`), `app.asar lacks the dependency ${name}`)

  // What the build bundles into out/ is a devDependency and must not ship a second time in node_modules;
  // what `dependencies` need at run time must all be there. The lock file tells which is which (dev: true).
  const lock = JSON.parse(await readFile('package-lock.json', 'utf8')).packages
  const packed = files.map((file) => /^\/(node_modules\/(?:.+\/node_modules\/)?(?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(file)?.[1]).filter(Boolean)
  for (const path of packed) expect(lock[path] !== undefined && lock[path].dev !== true, `app.asar ships ${path}, which is no runtime dependency (the build bundles it, or it is a devDependency)`)
  for (const [path, entry] of Object.entries(lock)) {
    if (path !== '' && entry.dev !== true && existsSync(join(path, 'package.json'))) expect(packed.includes(path), `app.asar lacks ${path}, which a runtime dependency needs`)
  }

  // Of gpt-tokenizer only the encoding the app counts with (o200k_base), and it loads from the archive.
  const rankTables = files.filter((file) => file.startsWith('/node_modules/gpt-tokenizer/') && /\/(bpeRanks|data|esm|src)\//.test(file))
  const extraTokenizerFiles = rankTables.filter((file) => file !== '/node_modules/gpt-tokenizer/cjs/bpeRanks/o200k_base.js')
  expect(rankTables.length === 1 && extraTokenizerFiles.length === 0, `gpt-tokenizer ships ${extraTokenizerFiles.length} files beyond its o200k_base encoding (${extraTokenizerFiles.slice(0, 3).join(', ')}, …): exclude them in build/electron-builder.yml`)
  const size = (await stat(join(resources, 'app.asar'))).size
  expect(size <= MAX_ASAR_BYTES, `app.asar is ${(size / 1e6).toFixed(1)} MB, over its budget of ${MAX_ASAR_BYTES / 1e6} MB`)

  // The packages the built main requires on first use (createRequire) load from what was packed.
  const extracted = join(scratch, 'extracted')
  extractAll(join(resources, 'app.asar'), extracted)
  const requireFromApp = createRequire(join(extracted, 'out/main/index.js'))
  const requires = await firstUseRequires('out/main')
  expect(requires.includes('gpt-tokenizer/encoding/o200k_base'), `the built main does not require gpt-tokenizer/encoding/o200k_base on first use (found: ${requires.join(', ')})`)
  for (const specifier of requires) {
    if (NATIVE.some((name) => specifier.startsWith(name))) continue
    try {
      const loaded = requireFromApp(specifier)
      if (specifier.startsWith('gpt-tokenizer/')) expect(loaded.countTokens('hello world') === 2, 'the packed tokenizer does not count tokens')
    } catch (error) {
      expect(false, `${specifier} does not load from app.asar: ${error.message}`)
    }
  }

  const unpacked = join(resources, 'app.asar.unpacked/node_modules')
  expect(existsSync(join(unpacked, '@napi-rs/keyring/package.json')), '@napi-rs/keyring is not unpacked beside app.asar')
  if (existsSync('node_modules/keytar/build/Release/keytar.node')) expect(existsSync(join(unpacked, 'keytar/build/Release/keytar.node')), 'keytar.node is not unpacked beside app.asar')

  // electron-updater asks the GitHub releases of package.json's repository.
  const updates = existsSync(join(resources, 'app-update.yml')) ? parse(await readFile(join(resources, 'app-update.yml'), 'utf8')) : undefined
  const [, owner, repo] = /github\.com\/([^/]+)\/([^/.]+)/.exec(packageJson.repository?.url ?? '') ?? []
  expect(owner !== undefined, 'package.json names no GitHub repository')
  expect(updates?.provider === 'github' && updates.owner === owner && updates.repo === repo, `app-update.yml does not point at the GitHub releases of ${owner}/${repo}: ${JSON.stringify(updates)}`)

  // The licence and the third-party notices, readable beside the archive; every packed package has its notice.
  expect(existsSync(join(resources, 'LICENSE')), 'no LICENSE beside app.asar')
  expect(existsSync(join(resources, 'icon.png')), 'no icon.png beside app.asar (the tray icon)')
  const notices = existsSync(join(resources, 'THIRD_PARTY_NOTICES.md')) ? await readFile(join(resources, 'THIRD_PARTY_NOTICES.md'), 'utf8') : ''
  for (const path of packed) {
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
    expect(notices.includes(`\n## ${name}@${lock[path]?.version}\n`), `THIRD_PARTY_NOTICES.md lacks ${name}`)
  }

  const wire = await getCurrentFuseWire(join(app, 'switchboard'))
  for (const [name, on] of Object.entries(FUSES)) {
    expect(wire[FuseV1Options[name]] === (on ? FuseState.ENABLE : FuseState.DISABLE), `fuse ${name} is not ${on ? 'on' : 'off'}`)
  }
  console.log(`dist:check: packed ${files.length} files into app.asar (${(size / 1e6).toFixed(1)} MB of ${MAX_ASAR_BYTES / 1e6})${problems.length ? '' : '; the app files, runtime dependencies, native modules, update config, licence, notices and fuses are as they must be'}.`)
} finally {
  await rm(scratch, { recursive: true, force: true })
}
if (problems.length > 0) {
  console.error(`dist:check failed:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
