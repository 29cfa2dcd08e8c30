/** The stdio transport's stderr reading, against a real child process. */
import { describe, expect, it } from 'vitest'
import { BoundedStdioTransport } from '../../../../src/main/extensions/connection/stdioTransport'

/** Writes "café ✓" to stderr with both multibyte characters split across two separate writes. */
const splitWriter = `
const bytes = Buffer.from('café ✓\\n', 'utf8')
const cut = [4, bytes.length - 3]
process.stderr.write(bytes.subarray(0, cut[0]), () => setTimeout(() => {
  process.stderr.write(bytes.subarray(cut[0], cut[1] + 1), () => setTimeout(() => {
    process.stderr.write(bytes.subarray(cut[1] + 1), () => setTimeout(() => process.exit(0), 50))
  }, 50))
}, 50))
`

describe('stdio transport stderr', () => {
  it('keeps a multibyte character that arrives split across two chunks', async () => {
    const lines: string[] = []
    const chunks: number[] = []
    const transport = new BoundedStdioTransport({
      command: process.execPath,
      args: ['-e', splitWriter],
      env: { PATH: process.env.PATH ?? '' },
      maxMessageBytes: 1024 * 1024,
      onStdoutProblem: () => {},
      onStderrLine: (line) => lines.push(line),
    })
    transport.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.length))
    const exited = new Promise<void>((resolve) => {
      transport.onclose = () => resolve()
    })
    await transport.start()
    await exited
    await transport.close()
    // The test means something only if the bytes really came in pieces.
    expect(chunks.length).toBeGreaterThan(1)
    expect(lines).toEqual(['café ✓'])
  })
})
