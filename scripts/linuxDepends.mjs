// The Debian dependencies of the Linux packages. electron-builder's own list (GTK, NSS, libnotify,
// xdg-utils, AT-SPI, libuuid, libsecret) is what Electron needs to start on a minimal system; a
// `deb.depends` in build/electron-builder.yml replaces it rather than adding to it, so it is left unset
// and this module checks that what a .deb says still covers every library the app needs.
//   node scripts/linuxDepends.mjs dist/*.deb     (the release workflow, after packaging)
// exits 1 naming each package whose Depends lacks one of them.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

/** What Electron and the keychain binding load at start; without any of these the app does not open. */
export const REQUIRED_DEB_DEPENDS = Object.freeze(['libgtk-3-0', 'libnss3', 'libnotify4', 'libxtst6', 'xdg-utils', 'libatspi2.0-0', 'libsecret-1-0'])

/** The Depends a .deb built from `config` gets: its `deb.depends`, else electron-builder's default list. */
export function resolvedDebDepends(config) {
  const custom = config.deb?.depends ?? config.linux?.depends
  if (custom !== undefined) return Array.isArray(custom) ? custom : [custom]
  // electron-builder's own list (FpmTarget.getDefaultDepends), so a new default is never missed here.
  const FpmTarget = createRequire(import.meta.url)('app-builder-lib/out/targets/FpmTarget').default
  return FpmTarget.prototype.getDefaultDepends.call(undefined, 'deb')
}

/** The package names of a Depends field ("a (>= 1), b | c"), alternatives included. */
export function dependsNames(field) {
  return field
    .split(/[,|]/)
    .map((part) => part.trim().split(/[\s(:]/)[0])
    .filter(Boolean)
}

/** The required libraries a Depends list or field does not name. */
export function missingDebDepends(depends) {
  const names = new Set(typeof depends === 'string' ? dependsNames(depends) : depends.flatMap(dependsNames))
  return REQUIRED_DEB_DEPENDS.filter((name) => !names.has(name))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const debs = process.argv.slice(2)
  const config = parse(readFileSync('build/electron-builder.yml', 'utf8'))
  const problems = missingDebDepends(resolvedDebDepends(config)).map((name) => `build/electron-builder.yml resolves to Depends without ${name}: drop deb.depends (it replaces electron-builder's list) or add ${name} to it.`)
  if (debs.length === 0) problems.push('No .deb given: run as `node scripts/linuxDepends.mjs dist/*.deb` after packaging.')
  for (const deb of debs) {
    const field = execFileSync('dpkg-deb', ['--field', deb, 'Depends'], { encoding: 'utf8' }).trim()
    const missing = missingDebDepends(field)
    if (missing.length > 0) problems.push(`${deb} does not depend on ${missing.join(', ')} (Depends: ${field}); an apt install on a minimal system would not start it.`)
    else console.log(`${deb}: Depends ${field}`)
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'))
    process.exit(1)
  }
}
