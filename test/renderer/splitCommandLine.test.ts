import { describe, expect, it } from 'vitest'
import { splitCommandLine } from '../../src/renderer/components/extensions/add/commandLine'

describe('splitting a pasted command line', () => {
  it('splits into the program and its arguments, keeping quoted arguments whole', () => {
    expect(splitCommandLine('npx -y @modelcontextprotocol/server-filesystem "/Users/me/My Notes" \'/tmp/a b\'')).toEqual({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/My Notes', '/tmp/a b'],
    })
    expect(splitCommandLine('  uvx mcp-server-git --repository C:\\\\repo  ')).toEqual({ command: 'uvx', args: ['mcp-server-git', '--repository', 'C:\\repo'] })
    expect(splitCommandLine('docker run -i --rm -e "GITHUB_TOKEN" ghcr.io/github/github-mcp-server')?.args).toEqual(['run', '-i', '--rm', '-e', 'GITHUB_TOKEN', 'ghcr.io/github/github-mcp-server'])
  })

  it('offers nothing for a single word, or for a line that only a shell would understand', () => {
    expect(splitCommandLine('npx')).toBeNull()
    expect(splitCommandLine('/usr/local/bin/server')).toBeNull()
    expect(splitCommandLine('node server.js | tee log.txt')).toBeNull()
    expect(splitCommandLine('cd /srv && node server.js')).toBeNull()
    expect(splitCommandLine('node server.js > out.log')).toBeNull()
    expect(splitCommandLine('node $HOME/server.js')).toBeNull()
    expect(splitCommandLine('DEBUG=1 node server.js')).toBeNull()
  })
})
