// `mcp-gen completion bash|zsh|fish`: a completion script built from the command tree itself, so every command,
// subcommand and option the CLI has is completed, and nothing it lacks. Options that take a file complete file
// names; `--template` and `--format` complete their values.
import { CommanderError, type Command } from 'commander';
import { TARGET_NAMES } from '../core/index.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

interface CommandInfo {
  /** Words leading to the command: ['generate'], ['import', 'server']. */
  path: string[];
  options: { flags: string[]; description: string; takesValue: boolean }[];
  subcommands: { name: string; description: string }[];
  description: string;
}

const FILE_OPTIONS = ['-m', '--manifest', '-o', '--out', '--output'];
/** Values of a command's positional argument. */
const ARGUMENTS: Record<string, readonly string[]> = { completion: SHELLS };
const VALUES: Record<string, string[]> = {
  '--template': ['minimal', 'weather'],
  '--target': [...TARGET_NAMES],
  '--format': ['text', 'json', 'markdown', 'github'],
  '--era': ['auto', 'legacy', 'modern'],
  '--fail-on': ['breaking', 'risky', 'none'],
};

function collect(cmd: Command, path: string[] = []): CommandInfo[] {
  const visible = cmd.commands.filter((c) => c.name() !== 'help');
  const info: CommandInfo = {
    path,
    description: cmd.description(),
    subcommands: visible.map((c) => ({ name: c.name(), description: c.description() })),
    options: [
      ...cmd.options.map((o) => ({
        flags: [o.short, o.long].filter((f): f is string => !!f),
        description: o.description,
        takesValue: o.required || o.optional,
      })),
      { flags: ['-h', '--help'], description: 'show help', takesValue: false },
    ],
  };
  return [info, ...visible.flatMap((c) => collect(c, [...path, c.name()]))];
}

const single = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function bash(commands: CommandInfo[]): string {
  const cases = commands.map((c) => {
    const words = [...c.subcommands.map((s) => s.name), ...(ARGUMENTS[c.path.join(' ')] ?? []), ...c.options.flatMap((o) => o.flags)];
    return `    ${single(c.path.join(' '))}) words=${single(words.join(' '))} ;;`;
  });
  const values = Object.entries(VALUES).map(
    ([flag, v]) => `    ${flag}) COMPREPLY=($(compgen -W ${single(v.join(' '))} -- "$cur")); return ;;`,
  );
  const paths = commands.filter((c) => c.path.length > 0).map((c) => single(c.path.join(' ')));
  return `# mcp-gen completion for bash. Load it with:  source <(mcp-gen completion bash)
_mcp_gen() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" path="" i word words=""
  case "$prev" in
    ${FILE_OPTIONS.join('|')}) COMPREPLY=($(compgen -f -- "$cur")); return ;;
${values.join('\n')}
  esac
  # The command path: the leading words that name a command or subcommand.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    case "\${path:+$path }$word" in
      ${paths.join('|')}) path="\${path:+$path }$word" ;;
      *) break ;;
    esac
  done
  case "$path" in
${cases.join('\n')}
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _mcp_gen mcp-gen
`;
}

function zsh(commands: CommandInfo[]): string {
  return `#compdef mcp-gen
# mcp-gen completion for zsh. Load it with:  source <(mcp-gen completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bash(commands).split('\n').slice(1).join('\n')}`;
}

function fish(commands: CommandInfo[]): string {
  const lines = ['# mcp-gen completion for fish. Load it with:  mcp-gen completion fish | source', 'complete -c mcp-gen -f'];
  for (const c of commands) {
    const condition =
      c.path.length === 0
        ? '__fish_use_subcommand'
        : `__fish_seen_subcommand_from ${c.path[c.path.length - 1]}${c.path.length > 1 ? `; and __fish_seen_subcommand_from ${c.path[0]}` : ''}`;
    for (const value of ARGUMENTS[c.path.join(' ')] ?? []) lines.push(`complete -c mcp-gen -n ${single(condition)} -a ${value}`);
    for (const s of c.subcommands)
      lines.push(`complete -c mcp-gen -n ${single(condition)} -a ${single(s.name)} -d ${single(s.description.split('. ')[0])}`);
    for (const o of c.options) {
      const long = o.flags.find((f) => f.startsWith('--'));
      const short = o.flags.find((f) => /^-[^-]$/.test(f));
      const parts = ['complete -c mcp-gen', `-n ${single(condition)}`];
      if (long) parts.push(`-l ${long.slice(2)}`);
      if (short) parts.push(`-s ${short.slice(1)}`);
      if (o.takesValue)
        parts.push(long && FILE_OPTIONS.includes(long) ? '-r -F' : long && VALUES[long] ? `-x -a ${single(VALUES[long].join(' '))}` : '-x');
      parts.push(`-d ${single(o.description)}`);
      lines.push(parts.join(' '));
    }
  }
  return `${lines.join('\n')}\n`;
}

export function completionScript(program: Command, shell: Shell): string {
  const commands = collect(program);
  return shell === 'bash' ? bash(commands) : shell === 'zsh' ? zsh(commands) : fish(commands);
}

export function registerCompletionCommand(program: Command): void {
  program
    .command('completion')
    .description('Print a shell completion script: source <(mcp-gen completion bash), or zsh, or fish (mcp-gen completion fish | source).')
    .argument('[shell]', 'bash, zsh or fish', 'bash')
    .action((shell: string) => {
      if (!(SHELLS as readonly string[]).includes(shell)) {
        process.stderr.write(`mcp-gen: error: completion supports ${SHELLS.join(', ')}, not ${JSON.stringify(shell)}\n`);
        throw new CommanderError(2, 'mcp-gen.usage', 'unknown shell');
      }
      process.stdout.write(completionScript(program, shell as Shell));
    });
}
