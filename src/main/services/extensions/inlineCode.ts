/**
 * Does a launch run code written inline in its arguments (`node -e …`, `python -c …`, `sh -c …`)
 * rather than a published package or a file? Each launcher's own option grammar is followed —
 * `--eval=…`, combined short flags (`-pe`, `-Ic`, `-lc`), options that take a value, and the point
 * where the launcher stops reading options (its script, package or `--`) — so spelling a flag
 * differently does not dodge the warning, and a script's own `-c config.yaml` does not raise it.
 *
 * Hand-written: argument parsers (util.parseArgs, yargs) parse our own options; none knows how
 * node, python, npx or a shell read theirs.
 */

/** Program names as typed (`python3.12`, `nodejs`) mapped to the grammar that reads their flags. */
type Grammar = (args: readonly string[]) => string | undefined

/** What the warning shows: a flag with its inline value cut off (`--eval=…`). */
const shown = (arg: string): string => {
  const equals = arg.indexOf('=')
  return equals === -1 ? arg : `${arg.slice(0, equals)}=…`
}

/** `--name` or `--name=value` among `names`. */
const isLong = (arg: string, names: readonly string[]): boolean => names.includes(arg.split('=', 1)[0]!)

/** A cluster of single-letter options (`-pe`, `-Ic`), not a long option, a lone `-` or a number. */
const isShortCluster = (arg: string): boolean => /^-[A-Za-z]/.test(arg)

const NODE_INLINE = ['--eval', '--print']
/** Node options whose value may follow as the next argument (the rest are switches or use `=`). */
const NODE_VALUE_OPTIONS = ['--require', '--import', '--loader', '--experimental-loader', '--conditions', '--env-file', '--input-type', '--title', '--inspect-port', '--stack-size', '--max-http-header-size', '--redirect-warnings', '--watch-path']
/** Module options that run a `data:` URL, which is code inline in the argument. */
const NODE_MODULE_OPTIONS = ['--require', '--import', '--loader', '--experimental-loader', '-r']

/** node (and bun, which reads the same flags): options up to the script; `-e`/`-p` in any cluster run inline code. */
function nodeGrammar(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!
    if (arg === '--') return undefined
    if (arg.startsWith('--')) {
      if (isLong(arg, NODE_INLINE)) return shown(arg)
      const name = arg.split('=', 1)[0]!
      const value = arg.includes('=') ? arg.slice(name.length + 1) : NODE_VALUE_OPTIONS.includes(name) ? args[++index] : undefined
      if (NODE_MODULE_OPTIONS.includes(name) && value?.startsWith('data:')) return `${name} data:…`
      continue
    }
    if (isShortCluster(arg)) {
      if (/[ep]/.test(arg.slice(1))) return shown(arg)
      // -r and -C take the next argument as their value.
      if (arg === '-r' || arg === '-C') {
        const value = args[++index]
        if (arg === '-r' && value?.startsWith('data:')) return '-r data:…'
      }
      continue
    }
    return undefined // the script: what follows is its own arguments
  }
  return undefined
}

/** bun: node's flags, before and after its `run` subcommand (`bun run -e …`); a script or other subcommand ends them. */
function bunGrammar(args: readonly string[]): string | undefined {
  const inline = nodeGrammar(args)
  if (inline) return inline
  const run = args.findIndex((arg) => !arg.startsWith('-'))
  return args[run] === 'run' ? nodeGrammar(args.slice(run + 1)) : undefined
}

/** Python options: `-c` anywhere in a cluster (`-Ic`, `-c'code'`), `-W`/`-X` take a value, `-m` or the script ends them. */
function pythonGrammar(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!
    if (arg === '--' || arg === '-') return undefined
    if (arg.startsWith('--')) {
      if (arg === '--check-hash-based-pycs') index++
      continue
    }
    // `py -3 -c …`: the Windows launcher's version selector is a cluster too.
    if (!isShortCluster(arg) && !/^-\d/.test(arg)) return undefined
    for (let at = 1; at < arg.length; at++) {
      const letter = arg[at]!
      if (letter === 'c') return '-c'
      if (letter === 'm') return undefined // a module: installed code, and the end of python's options
      if (letter === 'W' || letter === 'X') {
        if (at === arg.length - 1) index++ // the value is the next argument
        break // the rest of this argument is the value
      }
    }
  }
  return undefined
}

/** npx / npm exec: `-c`/`--call` (also in a cluster such as `-yc`); `-p` takes a value; the package ends the options. */
function npxGrammar(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!
    if (arg === '--') return undefined
    if (arg.startsWith('--')) {
      if (isLong(arg, ['--call'])) return shown(arg)
      if ((arg === '--package' || arg === '--script-shell' || arg === '--userconfig' || arg === '--registry' || arg === '--cache') && !arg.includes('=')) index++
      continue
    }
    if (isShortCluster(arg)) {
      if (arg.slice(1).includes('c')) return shown(arg)
      if (arg.endsWith('p')) index++
      continue
    }
    return undefined
  }
  return undefined
}

/** POSIX shells: `-c` in any cluster (`-lc`, `-ec`) before the script; `-o`/`+o` take a value. */
function shellGrammar(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!
    if (arg === '--' || arg === '-') return undefined
    if (arg.startsWith('--')) {
      if (isLong(arg, ['--command'])) return shown(arg) // fish
      if (arg === '--rcfile' || arg === '--init-file') index++
      continue
    }
    if (/^[-+][A-Za-z]/.test(arg)) {
      if (arg.startsWith('-') && arg.includes('c')) return '-c'
      if (arg.endsWith('o') || arg.endsWith('O')) index++
      continue
    }
    return undefined
  }
  return undefined
}

/** deno: the `eval` subcommand, `repl --eval`, or a `data:` URL as the script. */
function denoGrammar(args: readonly string[]): string | undefined {
  const positional = args.filter((arg) => !arg.startsWith('-'))
  if (positional[0] === 'eval') return 'eval'
  if (positional[0] === 'repl') {
    const flag = args.find((arg) => isLong(arg, ['--eval', '--eval-file']))
    return flag && shown(flag)
  }
  const runsScript = positional[0] === 'run' || (positional[0] !== undefined && !DENO_SUBCOMMANDS.has(positional[0]))
  return runsScript && positional.some((arg) => arg.startsWith('data:')) ? 'data:…' : undefined
}
const DENO_SUBCOMMANDS = new Set(['bench', 'check', 'compile', 'completions', 'coverage', 'doc', 'fmt', 'info', 'init', 'install', 'lint', 'lsp', 'publish', 'serve', 'task', 'test', 'types', 'upgrade', 'add', 'remove', 'outdated', 'clean'])

/** PowerShell options whose value is the next argument (full names and their documented abbreviations). */
const POWERSHELL_VALUE_OPTIONS = new Set(['-executionpolicy', '-ex', '-ep', '-windowstyle', '-w', '-outputformat', '-o', '-of', '-inputformat', '-if', '-configurationname', '-version', '-v', '-psconsolefile', '-workingdirectory', '-wd', '-settingsfile'])

/**
 * PowerShell: -Command / -EncodedCommand and their abbreviations, in any case, with `-` or `/`.
 * A bare argument is a script for pwsh but a command for Windows PowerShell (its default is -Command).
 */
function powershellGrammar(args: readonly string[], bareIsCommand: boolean): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!
    if (!/^[-/]/.test(arg)) return bareIsCommand ? '(a command without -Command)' : undefined
    const option = arg.toLowerCase().replace(/^\//, '-').split(':', 1)[0]!
    if (option === '-c' || option === '-e' || option === '-ec') return arg
    if (option.length >= 3 && ('-command'.startsWith(option) || '-encodedcommand'.startsWith(option))) return arg
    if ('-file'.startsWith(option)) return undefined
    if (POWERSHELL_VALUE_OPTIONS.has(option)) index++
  }
  return undefined
}

/** cmd.exe: /c or /k runs the rest of the line. */
function cmdGrammar(args: readonly string[]): string | undefined {
  return args.find((arg) => /^\/[ck]$/i.test(arg))
}

function grammarOf(program: string): Grammar | undefined {
  if (program === 'node' || program === 'nodejs') return nodeGrammar
  if (program === 'bun') return bunGrammar
  if (program === 'deno') return denoGrammar
  if (program === 'npx') return npxGrammar
  if (/^(python|pypy)(\d+(\.\d+)*)?$/.test(program) || program === 'py') return pythonGrammar
  if (['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash'].includes(program)) return shellGrammar
  if (program === 'pwsh') return (args) => powershellGrammar(args, false)
  if (program === 'powershell') return (args) => powershellGrammar(args, true)
  if (program === 'cmd') return cmdGrammar
  return undefined
}

/**
 * The flag (as the person would recognise it, e.g. `--eval=…`, `-pe`, `eval`) by which `program`
 * runs code written inline in `args`, or undefined when it runs a package or a file. `program` is
 * the command's base name, lower case, without a Windows extension.
 */
export function inlineCodeFlag(program: string, args: readonly string[]): string | undefined {
  const grammar = grammarOf(program)
  if (grammar) return grammar(args)
  const wrapped = wrappedCommand(program, args)
  if (!wrapped) return undefined
  const flag = inlineCodeFlag(wrapped.program, wrapped.args)
  return flag && `${wrapped.via}${wrapped.program} ${flag}`
}

/**
 * Launchers that run another command given in their arguments: `uv run [options] python -c …`,
 * `env [NAME=value…] node -e …`, `npm exec -c …`. An argument after an option might be that
 * option's value, so each later argument that names a known launcher is read as the command.
 */
function wrappedCommand(program: string, args: readonly string[]): { via: string; program: string; args: readonly string[] } | undefined {
  if (program === 'npm' && (args[0] === 'exec' || args[0] === 'x')) return { via: `${args[0]} `, program: 'npx', args: args.slice(1) }
  const from = program === 'uv' && args[0] === 'run' ? 1 : program === 'env' ? 0 : -1
  if (from === -1) return undefined
  for (let index = from; index < args.length; index++) {
    const arg = args[index]!
    if (arg === '--' || arg.startsWith('-') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(arg)) continue
    const inner = programName(arg)
    if (grammarOf(inner)) return { via: from === 1 ? 'run ' : '', program: inner, args: args.slice(index + 1) }
    const previous = args[index - 1]
    // Not a launcher we know: the command itself, unless it is the value of the option before it.
    if (!(previous?.startsWith('-') && !previous.includes('='))) return undefined
  }
  return undefined
}

/** A command's program name as the grammars know it: base name, lower case, no Windows extension. */
export function programName(command: string): string {
  return (command.split(/[\\/]/).pop() ?? command).replace(/\.(exe|cmd|bat)$/i, '').toLowerCase()
}
