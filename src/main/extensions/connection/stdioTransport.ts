/**
 * The stdio transport of an extension: the SDK's StdioClientTransport (cross-spawn, `shell: false`,
 * which also resolves `npx.cmd` on Windows without a shell) with three things the SDK lacks:
 * - a bounded stdout reader (`BoundedLineReader`, F7–F9) in place of the SDK's ReadBuffer;
 * - the child's exit code and signal, for error messages (F2);
 * - a stop that escalates stdin close → SIGTERM → SIGKILL with configurable grace times (F20), and
 *   a forced close shortly after the child exits even if a grandchild keeps its pipes open (F3).
 *
 * Two SDK internals are used (`_readBuffer`, `_process`, plus `processReadBuffer`); re-checked for
 * SDK v2 (2.4), whose StdioClientTransport keeps all three. The constructor checks they exist so
 * an SDK upgrade that renames them fails loudly in tests instead of silently losing the bounds.
 * Being a subclass also means SDK v2 never spawns its throwaway "sibling" probe process for us.
 */
import type { ChildProcess } from 'node:child_process'
import { StringDecoder } from 'node:string_decoder'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { BoundedLineReader, type StdoutProblem } from './boundedLineReader'
import { LineSplitter } from '../logRing'

interface SdkStdioInternals {
  _readBuffer: unknown
  _process?: ChildProcess
  processReadBuffer(): void
}

export interface ProcessExit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface StdioTransportOptions {
  command: string
  args: string[]
  /** The complete child environment (see `childEnvironment`). */
  env: Record<string, string>
  cwd?: string
  maxMessageBytes: number
  onStdoutProblem: (problem: StdoutProblem) => void
  onStderrLine: (line: string) => void
  onExit?: (exit: ProcessExit) => void
  /** How long the child gets after stdin closes, then after SIGTERM. */
  stopGraceMs?: { afterStdinClose: number; afterTerm: number }
}

/** After the child exited, how long its pipes may stay open (held by a grandchild) before we cut them. */
const pipeGraceAfterExitMs = 250

export class BoundedStdioTransport extends StdioClientTransport {
  /** Set once the child has exited. */
  exit: ProcessExit | undefined
  private stopping: Promise<void> | undefined
  private readonly reader: BoundedLineReader
  private drainScheduled = false
  private readonly stopGrace: { afterStdinClose: number; afterTerm: number }

  constructor(private readonly options: StdioTransportOptions) {
    super({ command: options.command, args: options.args, env: options.env, cwd: options.cwd, stderr: 'pipe' })
    const internals = this.internals()
    if (!('_readBuffer' in internals) || typeof internals.processReadBuffer !== 'function') {
      throw new Error('The MCP SDK changed StdioClientTransport (no _readBuffer or processReadBuffer); update stdioTransport.ts before upgrading the SDK.')
    }
    this.reader = new BoundedLineReader(options.maxMessageBytes, options.onStdoutProblem, () => this.drainLater())
    internals._readBuffer = this.reader
    this.stopGrace = options.stopGraceMs ?? { afterStdinClose: 2000, afterTerm: 2000 }
    // Attached before start so early output is not lost; reading continuously means a flooding
    // server never blocks on a full pipe (F11).
    // The decoder keeps a multibyte character split across two chunks whole (no U+FFFD in the log).
    const splitter = new LineSplitter(options.onStderrLine)
    const decoder = new StringDecoder('utf8')
    const stderr = this.stderr
    stderr?.on('data', (chunk: Buffer) => splitter.write(decoder.write(chunk)))
    stderr?.on('end', () => {
      splitter.write(decoder.end())
      splitter.end()
    })
  }

  override async start(): Promise<void> {
    await super.start()
    const child = this.internals()._process
    if (!child) throw new Error('The MCP SDK changed StdioClientTransport (no _process); update stdioTransport.ts.')
    child.once('exit', (code, signal) => {
      this.exit = { code, signal }
      this.options.onExit?.(this.exit)
      const cutPipes = () => {
        if (this.internals()._process !== child) return
        // Messages already read but not yet parsed still count (a result written right before exit).
        if (this.reader.hasBacklog) return void setTimeout(cutPipes, pipeGraceAfterExitMs).unref()
        child.stdout?.destroy()
        child.stderr?.destroy()
        child.stdin?.destroy()
      }
      setTimeout(cutPipes, pipeGraceAfterExitMs).unref()
    })
  }

  /** The reader ran out of time for this turn: stop reading stdout and continue on the next turn. */
  private drainLater(): void {
    if (this.drainScheduled) return
    this.drainScheduled = true
    const stdout = this.internals()._process?.stdout
    stdout?.pause()
    setImmediate(() => {
      this.drainScheduled = false
      this.reader.beginTurn()
      this.internals().processReadBuffer()
      if (!this.reader.hasBacklog) stdout?.resume()
    })
  }

  /** Stops the child: stdin close, then SIGTERM, then SIGKILL; resolves once it is gone. */
  override close(): Promise<void> {
    this.stopping ??= this.stop()
    return this.stopping
  }

  private async stop(): Promise<void> {
    const child = this.internals()._process
    if (!child) return
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))
    const within = (ms: number) =>
      Promise.race([closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())])
    try {
      child.stdin?.end()
    } catch {
      // The pipe may already be broken; the signals below still apply.
    }
    if (await within(this.stopGrace.afterStdinClose)) return
    child.kill('SIGTERM')
    if (await within(this.stopGrace.afterTerm)) return
    child.kill('SIGKILL')
    if (await within(2000)) return
    // SIGKILL cannot be ignored; if 'close' still did not come, a grandchild holds the pipes.
    child.stdout?.destroy()
    child.stderr?.destroy()
    await within(500)
  }

  private internals(): SdkStdioInternals {
    return this as unknown as SdkStdioInternals
  }
}
