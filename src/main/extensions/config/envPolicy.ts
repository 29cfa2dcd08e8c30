/**
 * What environment a stdio extension gets (docs/security.md): a minimal inherited set plus the keys its
 * config names, never anything that can hijack the process it starts.
 */

/** Exact names (compared case-insensitively) that let a configured value take over the child. */
const deniedNames = new Set(
  [
    'PATH', 'PATHEXT', 'NODE_OPTIONS', 'NODE_PATH', 'PYTHONPATH', 'PYTHONHOME', 'PYTHONSTARTUP',
    'RUBYOPT', 'RUBYLIB', 'PERL5OPT', 'PERL5LIB', 'CLASSPATH', 'JAVA_TOOL_OPTIONS', 'GOROOT', 'GOPATH',
    'ELECTRON_RUN_AS_NODE', 'APPINIT_DLLS', 'COMSPEC', 'TEMP', 'TMP', 'TMPDIR', 'HOME', 'USERPROFILE',
    'SYSTEMROOT', 'WINDIR', 'BASH_ENV', 'ENV', 'IFS', 'PS4',
  ].map((name) => name.toUpperCase()),
)
/** Prefixes of dynamic-loader variables (LD_PRELOAD, DYLD_INSERT_LIBRARIES, …). */
const deniedPrefixes = ['LD_', 'DYLD_']

/** Why `name` may not be configured, or undefined when it may. */
export function deniedEnvReason(name: string): string | undefined {
  const upper = name.toUpperCase()
  if (deniedNames.has(upper) || deniedPrefixes.some((prefix) => upper.startsWith(prefix))) {
    return `"${name}" can change which program runs or what it loads, so extensions may not set it. Remove "${name}" from env; the app passes a safe value itself where one is needed.`
  }
  return undefined
}

/**
 * Inherited from the app's own environment, and nothing else:
 * - POSIX: PATH (to find `npx`, `uvx`, `docker`), HOME, USER, LOGNAME, SHELL, TERM (what tools
 *   expect to exist), LANG, LC_ALL, LC_CTYPE (text encoding of stdio), TMPDIR, TZ.
 * - Windows: PATH, PATHEXT (to resolve `npx.cmd`), SYSTEMROOT, SYSTEMDRIVE, WINDIR, COMSPEC (needed
 *   by Windows itself and cmd shims), USERPROFILE, HOMEDRIVE, HOMEPATH, USERNAME, APPDATA,
 *   LOCALAPPDATA, PROGRAMFILES, PROGRAMDATA, PROCESSOR_ARCHITECTURE, TEMP, TMP.
 * The SDK's StdioClientTransport merges its own default list, which is a subset of this one.
 */
export function inheritedEnvNames(platform: NodeJS.Platform): readonly string[] {
  return platform === 'win32'
    ? [
        'PATH', 'PATHEXT', 'SYSTEMROOT', 'SYSTEMDRIVE', 'WINDIR', 'COMSPEC', 'USERPROFILE', 'HOMEDRIVE',
        'HOMEPATH', 'USERNAME', 'APPDATA', 'LOCALAPPDATA', 'PROGRAMFILES', 'PROGRAMDATA',
        'PROCESSOR_ARCHITECTURE', 'TEMP', 'TMP',
      ]
    : ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TMPDIR', 'TZ']
}

/** The full environment of a child: the inherited names that are set, then the configured keys. */
export function childEnvironment(
  configured: Readonly<Record<string, string>>,
  parent: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of inheritedEnvNames(platform)) {
    const value = parent[name]
    // Exported shell functions ("() { …") are how Shellshock-style payloads travel; never pass them on.
    if (value === undefined || value.startsWith('()')) continue
    env[name] = value
  }
  for (const [name, value] of Object.entries(configured)) {
    // Validation already refused these; checking again keeps a config that bypassed it harmless.
    if (deniedEnvReason(name) === undefined) env[name] = value
  }
  return env
}
