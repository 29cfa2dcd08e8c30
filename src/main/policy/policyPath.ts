/**
 * Where this computer's managed policy lives. Fixed per platform and never taken from the
 * environment or the command line: those are the person's to change, and a policy a person can move
 * is no policy. Tests point a host elsewhere through createHost's `policyPath` option only.
 */
import { posix, win32 } from 'node:path'

/** The system-wide policy file for `platform` (Windows: %ProgramData% on the system drive, read as C:\ProgramData). */
export function policyPath(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'darwin':
      return posix.join('/Library/Application Support/Switchboard', 'policy.json')
    case 'win32':
      // %ProgramData% is an environment variable a person can set for their own processes, so it
      // is not read; the machine-wide folder is C:\ProgramData on every supported Windows install.
      return win32.join('C:\\ProgramData', 'Switchboard', 'policy.json')
    default:
      return posix.join('/etc/switchboard', 'policy.json')
  }
}
