/**
 * Workload identity (RFC 7523 JWT-bearer grant, SEP-1933): the JWT a machine extension signs in
 * with comes from a token file the platform keeps fresh (Kubernetes projected tokens, CI OIDC
 * tokens…) or from a command the person configured and approved (shown in full in the consent
 * dialog). The command runs without a shell, with the minimal environment every child gets; its
 * output is a secret: registered for redaction, never logged, never part of an error text.
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { registerSecretValue } from '../../log/secretValues'
import { childEnvironment } from '../config/envPolicy'

const run = promisify(execFile)
const COMMAND_TIMEOUT_MS = 30_000
const MAX_ASSERTION_BYTES = 64 * 1024

export type AssertionSource = { file: string } | { command: string; args: string[] }

/** The workload's JWT, read or made fresh for each token request. */
export async function workloadAssertion(source: AssertionSource): Promise<string> {
  let text: string
  if ('file' in source) {
    try {
      text = await readFile(source.file, 'utf8')
    } catch (error) {
      throw new Error(`Could not read the workload token file ${source.file} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}); check assertionFile in the extension's auth block.`, { cause: error })
    }
  } else {
    try {
      const { stdout } = await run(source.command, source.args, { env: childEnvironment({}), shell: false, timeout: COMMAND_TIMEOUT_MS, maxBuffer: MAX_ASSERTION_BYTES, windowsHide: true })
      text = stdout
    } catch (error) {
      // Only the exit status: what the command printed may hold the token.
      const { code, signal } = error as { code?: unknown; signal?: unknown }
      // eslint-disable-next-line preserve-caught-error -- the caught error carries the command's stdout (the token): it must not travel on
      throw new Error(`The workload token command "${source.command}" failed (${signal ? `stopped by ${String(signal)}` : `exit ${String(code ?? 'unknown')}`}); run it yourself to see why, or fix assertionCommand in the extension's auth block.`)
    }
  }
  const assertion = text.trim()
  if (assertion) registerSecretValue(assertion)
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(assertion)) {
    throw new Error(`The workload token ${'file' in source ? `file ${source.file}` : `command "${source.command}"`} gave no JWT (three base64url parts separated by dots).`)
  }
  return assertion
}
