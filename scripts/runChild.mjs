// Runs the app (Electron or the Node host) as a child of `npm start` / `npm run host`, with our stdio,
// passes on the stop signals it would not get otherwise, and exits with its status.
import { spawn } from 'node:child_process'

/**
 * Whether a signal this script received must be passed to the child. Ctrl+C in a terminal sends
 * SIGINT to the whole foreground process group, so the child already has it; a second SIGINT makes
 * Chromium (and the host) stop at once, skipping the quit cleanup. SIGINT from elsewhere (`kill -INT`,
 * a test harness, no terminal) and SIGTERM (never sent by a terminal) reach only this script.
 * @param {NodeJS.Signals} signal
 * @param {{ stdinIsTTY: boolean }} context
 */
export function forwardsSignal(signal, { stdinIsTTY }) {
  if (signal === 'SIGINT') return !stdinIsTTY
  return true
}

/**
 * Runs `command`, forwards SIGINT/SIGTERM as `forwardsSignal` says, and exits with the child's status.
 * `explainExit` may return a message for an abnormal exit (printed to stderr before exiting).
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, explainExit?: (exit: { code: number | null, signal: NodeJS.Signals | null }) => string | undefined }} [options]
 */
export function runForwarding(command, args, { env = process.env, explainExit } = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env })
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    // The listener also keeps this script alive until the child has stopped.
    process.on(signal, () => {
      if (forwardsSignal(signal, { stdinIsTTY: Boolean(process.stdin.isTTY) })) child.kill(signal)
    })
  }
  child.on('error', (error) => {
    process.stderr.write(`Could not start ${command}: ${error.message}\n`)
    process.exit(1)
  })
  child.on('exit', (code, signal) => {
    const explanation = explainExit?.({ code, signal })
    if (explanation) process.stderr.write(`${explanation}\n`)
    process.exit(code ?? (signal ? 1 : 0))
  })
}
