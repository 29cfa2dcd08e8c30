// Types for scripts/runChild.mjs, so the TypeScript tests can import its signal decision.
export function forwardsSignal(signal: NodeJS.Signals, context: { stdinIsTTY: boolean }): boolean

export function runForwarding(
  command: string,
  args: string[],
  options?: { env?: NodeJS.ProcessEnv; explainExit?: (exit: { code: number | null; signal: NodeJS.Signals | null }) => string | undefined },
): void
