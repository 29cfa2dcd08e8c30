// The release workflow's first step: the pushed tag must be "v" + package.json's version. The packages,
// their latest*.yml and the version the app reports all take package.json's; a release under another
// tag would offer files named for a version it does not carry, and electron-updater would compare
// against the wrong one. `node scripts/releaseTag.mjs v1.2.3` exits 1 with one line when they differ.
import { readFileSync, realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

/**
 * The one line to print when `tag` is not `v<version>`; undefined when they agree.
 * @param {string} tag
 * @param {string} version
 * @returns {string | undefined}
 */
export function releaseTagProblem(tag, version) {
  if (tag === `v${version}`) return undefined
  return `The tag ${tag} does not name package.json's version ${version}: set "version" to ${tag.replace(/^v/, '')} (npm version ${tag.replace(/^v/, '')} --no-git-tag-version), commit, and tag that commit; or tag v${version} instead.`
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const tag = process.argv[2] ?? ''
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  const problem = releaseTagProblem(tag, version)
  if (problem) {
    console.error(problem)
    process.exit(1)
  }
  console.log(`The tag ${tag} names package.json's version ${version}.`)
}
