// Types for scripts/start.mjs, so the TypeScript tests can import its pure parts.
export function sandboxAbortHelp(exit: {
  code: number | null
  signal: NodeJS.Signals | null
  platform: NodeJS.Platform
  binaryPath: string
  restrictsUserNamespaces: boolean | undefined
}): string | undefined
