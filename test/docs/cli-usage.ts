// Reads the mcp-gen command lines written in documentation code blocks, and the commands and options the CLI's own
// --help lists, so the docs test can hold one against the other.

export interface Invocation {
  /** The words after `mcp-gen` up to the end of that command (a pipe, `;`, `&&`, a closing paren or backtick). */
  words: string[];
  source: string;
}

const COMMAND = /(?<=^|[\s(`$])(?:mcp-gen|node\s+bin\/mcp-gen\.js)(?=\s|$)/g;
// Shell comments are dropped first, so `npm ci  # builds mcp-gen (dist/)` names no command.
const END_OF_COMMAND = /\s\|\s|;|&&|\|\||\)|`/;

/** Usage notation and quoting around a word: `[--json]`, `[ARGS...]`, `"Name:` -> the bare word. */
const bare = (word: string): string =>
  word
    .replace(/^[[("'<]+/, '')
    .replace(/(\.\.\.)?[\])"'>,]*(\.\.\.)?$/, '')
    .replace(/=.*$/, '');

export function invocations(code: string): Invocation[] {
  const found: Invocation[] = [];
  for (const line of code.split('\n').map((text) => text.replace(/(^|\s)#.*$/, ''))) {
    for (const m of line.matchAll(COMMAND)) {
      const rest = line.slice(m.index + m[0].length);
      const end = rest.search(END_OF_COMMAND);
      const words = (end === -1 ? rest : rest.slice(0, end)).split(/\s+/).map(bare).filter(Boolean);
      if (words.length > 0) found.push({ words, source: line.trim() });
    }
  }
  return found;
}

export interface HelpListing {
  commands: string[];
  options: string[];
}

/**
 * Commander's help: entries of the "Options:" and "Commands:" sections start two spaces in (`  -m, --manifest
 * <file>  ...`, `  init [options] [dir]  ...`); their wrapped descriptions are indented further.
 */
export function parseHelp(help: string): HelpListing {
  const listing: HelpListing = { commands: [], options: [] };
  let section: 'commands' | 'options' | undefined;
  for (const line of help.split('\n')) {
    if (/^Options:\s*$/.test(line)) section = 'options';
    else if (/^Commands:\s*$/.test(line)) section = 'commands';
    else if (!line.startsWith(' ')) section = undefined;
    else if (section && /^ {2}\S/.test(line)) {
      const entry = line.trim().split(/\s{2,}/)[0];
      if (section === 'commands') listing.commands.push(entry.split(/\s/)[0]);
      else listing.options.push(...entry.split(/[\s,]+/).filter((word) => word.startsWith('-')));
    }
  }
  return listing;
}

const isOption = (word: string): boolean => /^--?[A-Za-z]/.test(word);

/** The command paths an invocation may name: every prefix of its leading words (`import server` -> [], [import], [import, server]). */
export function commandPaths(invocation: Invocation): string[][] {
  const leading: string[] = [];
  for (const word of invocation.words) {
    if (isOption(word) || word === '--' || leading.length === 3) break;
    leading.push(word);
  }
  return leading.map((_, index) => leading.slice(0, index + 1)).concat([[]]);
}

/**
 * Checks one invocation against the help of the commands it names (`help(path)`: the parsed `--help` of
 * `mcp-gen ...path`). Returns what the CLI does not know, or nothing.
 */
export function unknownUsage(invocation: Invocation, help: (path: string[]) => HelpListing): string[] {
  const problems: string[] = [];
  const path: string[] = [];
  let listing = help(path);
  let index = 0;
  // Subcommands first (`import server`), as deep as the help lists them.
  while (index < invocation.words.length && listing.commands.length > 0 && !isOption(invocation.words[index])) {
    const word = invocation.words[index];
    if (!listing.commands.includes(word)) {
      problems.push(`\`mcp-gen ${[...path, word].join(' ')}\`: no such command (known: ${listing.commands.join(', ')})`);
      return problems;
    }
    path.push(word);
    listing = help(path);
    index++;
  }
  for (const word of invocation.words.slice(index)) {
    if (word === '--') break; // what follows is another program's command line (import server -- COMMAND)
    if (isOption(word) && !listing.options.includes(word)) {
      problems.push(`\`mcp-gen ${path.join(' ')}\`: no option ${word} (known: ${listing.options.join(', ')})`);
    }
  }
  return problems;
}
