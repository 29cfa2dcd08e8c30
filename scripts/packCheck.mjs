// `npm run dist:check`: runs electron-builder for real on build/electron-builder.yml, with a stand-in
// for the Electron binary (the real one cannot be downloaded everywhere, e.g. in CI here), into the
// unpacked Linux folder only. Checks what the real packages get from the same steps: the app files
// in app.asar (and nothing of src/ or test/), the runtime dependencies, the native keychain modules
// unpacked beside it, electron-updater's app-update.yml, and the fuses the afterPack hook flipped.
// The installers themselves (AppImage, deb, dmg, NSIS) are built by `npm run dist` and the release workflow.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { listPackage } from '@electron/asar'
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { build, Platform } from 'electron-builder'
import { parse } from 'yaml'
import { FUSES } from '../build/fuses.mjs'

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
  const { dependencies } = JSON.parse(await readFile('package.json', 'utf8'))
  for (const name of Object.keys(dependencies)) expect(files.includes(`/node_modules/${name}/package.json`), `app.asar lacks the dependency ${name}`)
  expect(!files.includes('/node_modules/electron-builder/package.json'), 'app.asar ships electron-builder (a devDependency)')
  const unpacked = join(resources, 'app.asar.unpacked/node_modules')
  expect(existsSync(join(unpacked, '@napi-rs/keyring/package.json')), '@napi-rs/keyring is not unpacked beside app.asar')
  if (existsSync('node_modules/keytar/build/Release/keytar.node')) expect(existsSync(join(unpacked, 'keytar/build/Release/keytar.node')), 'keytar.node is not unpacked beside app.asar')
  expect(existsSync(join(resources, 'app-update.yml')), 'no app-update.yml for electron-updater')

  const wire = await getCurrentFuseWire(join(app, 'switchboard'))
  for (const [name, on] of Object.entries(FUSES)) {
    expect(wire[FuseV1Options[name]] === (on ? FuseState.ENABLE : FuseState.DISABLE), `fuse ${name} is not ${on ? 'on' : 'off'}`)
  }
  console.log(`dist:check: packed ${files.length} files into app.asar${problems.length ? '' : '; the app files, dependencies, native modules, update config and fuses are as they must be'}.`)
} finally {
  await rm(scratch, { recursive: true, force: true })
}
if (problems.length > 0) {
  console.error(`dist:check failed:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
