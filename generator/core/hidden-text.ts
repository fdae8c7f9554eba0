// Characters a reviewer cannot see, written raw in text that clients and models read: the manifest, the schema files
// it takes schemas from, and the files it embeds. The manifest is what a team reads and approves, and its text goes
// to clients and models as written: Unicode tag characters spell out text that models read and no editor shows
// (hidden instructions in a tool description), bidirectional controls make text display in another order than it is
// read (CVE-2021-42574), and zero-width, filler and control characters hide inside words. The same character written
// as an escape in a double-quoted string (`"\u202E"`) is visible in review, so it passes: the check reads the source,
// not the data. Emoji that are made of such characters (a family joined by U+200D, a flag of tag characters, a
// variation selector after a symbol) are drawn as one picture, so they pass too.
import type { Issue } from './issue.js';

/** How the text is written, which decides how a meant character can be made visible: an escape, or not at all. */
export type HiddenTextSyntax = 'yaml' | 'json' | 'file';

export interface HiddenRun {
  line: number;
  column: number;
  message: string;
  hint: string;
}

const SUSPECT =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u115f\u1160\u180e\u200b\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0\u{e0000}-\u{e007f}]|[\ufe00-\ufe0f]|[\u{e0100}-\u{e01ef}]|\u200c|\u200d/u;

/** Every run of hidden characters in the manifest's `source`, one error each, at its line and column. */
export function hiddenText(source: string): Issue[] {
  return hiddenRuns(source, 'yaml').map((run) => ({ code: 'text/hidden-character', severity: 'error', path: '', ...run }));
}

/**
 * Every run of hidden characters in `text`. An embedded file may hold form feeds (licence texts have them between
 * pages); nothing in YAML or JSON has a use for one written raw.
 */
export function hiddenRuns(text: string, syntax: HiddenTextSyntax): HiddenRun[] {
  if (!SUSPECT.test(text)) return [];
  const runs: HiddenRun[] = [];
  const chars = Array.from(text);
  const hides = (i: number) => hiddenAt(chars, i) && !(syntax === 'file' && chars[i] === '\f');
  let offset = 0;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < chars.length; ) {
    if (!hides(i)) {
      if (chars[i] === '\n') {
        line++;
        lineStart = offset + 1;
      }
      offset += chars[i].length;
      i++;
      continue;
    }
    let end = i + 1;
    while (end < chars.length && hides(end)) end++;
    const run = chars.slice(i, end);
    runs.push({ ...describe(run, syntax), line, column: offset - lineStart + 1 });
    offset += run.join('').length;
    i = end;
  }
  return runs;
}

const cp = (c: string | undefined) => (c === undefined ? -1 : (c.codePointAt(0) as number));
const PICTURE = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{fe0f}/u;
const LETTER = /[\p{L}\p{M}]/u;

/** Whether `chars[i]` hides: false when it is visible, or part of something drawn (an emoji). */
function hiddenAt(chars: string[], i: number): boolean {
  const c = cp(chars[i]);
  if (c === 0xfeff && i === 0) return false; // a byte order mark
  if (c >= 0xe0000 && c <= 0xe007f) return !flagTag(chars, i);
  if (isBidi(c)) return true;
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return c !== 0x09 && c !== 0x0a && c !== 0x0d;
  if (isSelector(c)) {
    // One selector picks the form of the character before it; a run of them selects nothing and can carry data.
    const alone = i > 0 && !isSelector(cp(chars[i - 1])) && !/\s/.test(chars[i - 1]) && !isSelector(cp(chars[i + 1]));
    return !alone;
  }
  if (c === 0x200c || c === 0x200d) {
    // Joiners shape emoji sequences and the letters of many scripts (Persian, Devanagari), between visible neighbours.
    const [before, after] = [chars[i - 1] ?? '', chars[i + 1] ?? ''];
    if (c === 0x200d && PICTURE.test(before) && PICTURE.test(after)) return false;
    return !(LETTER.test(before) && LETTER.test(after) && cp(before) > 0x7f && cp(after) > 0x7f);
  }
  return SUSPECT.test(chars[i]);
}

/** A tag character inside a flag emoji: U+1F3F4, tag letters, U+E007F (the flags of England, Scotland, Wales). */
function flagTag(chars: string[], i: number): boolean {
  let start = i;
  while (start > 0 && cp(chars[start - 1]) >= 0xe0020 && cp(chars[start - 1]) <= 0xe007e) start--;
  let end = i;
  while (end < chars.length && cp(chars[end]) >= 0xe0020 && cp(chars[end]) <= 0xe007e) end++;
  return cp(chars[start - 1]) === 0x1f3f4 && cp(chars[end]) === 0xe007f && end > start && end - start <= 6;
}

const isSelector = (c: number) => (c >= 0xfe00 && c <= 0xfe0f) || (c >= 0xe0100 && c <= 0xe01ef);
const isBidi = (c: number) => (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
const hexOf = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
const hex = (c: string) => `U+${hexOf(cp(c), 4)}`;
/** A character's escape: YAML's `\uXXXX` or `\UXXXXXXXX`; JSON writes one past the Basic Multilingual Plane as a pair. */
function escapeOf(c: string, syntax: HiddenTextSyntax): string {
  if (cp(c) <= 0xffff) return `\\u${hexOf(cp(c), 4)}`;
  if (syntax === 'json') return `\\u${hexOf(c.charCodeAt(0), 4)}\\u${hexOf(c.charCodeAt(1), 4)}`;
  return `\\U${hexOf(cp(c), 8)}`;
}

function hintFor(run: string[], syntax: HiddenTextSyntax): string {
  const them = run.length === 1 ? 'it' : 'them';
  if (syntax === 'file')
    return `delete ${them} from the file, which is published as it is; a character that is meant can be sent by a handler (drop file:)`;
  const written = `"${run.map((c) => escapeOf(c, syntax)).join('')}"`;
  const shown = written.length > 40 ? `${written.slice(0, 37)}..."` : written;
  return `delete ${them}; if meant, write ${them} as an escape in a ${syntax === 'json' ? 'JSON' : 'double-quoted'} string (${shown}), which reviewers see`;
}

function describe(run: string[], syntax: HiddenTextSyntax): { message: string; hint: string } {
  const hint = hintFor(run, syntax);
  const tags = run.filter((c) => cp(c) >= 0xe0020 && cp(c) <= 0xe007e);
  if (tags.length > 0) {
    const spelled = tags.map((c) => String.fromCharCode(cp(c) - 0xe0000)).join('');
    return {
      message: `${run.length} invisible Unicode tag character${run.length === 1 ? '' : 's'} spelling ${JSON.stringify(spelled)}: hidden text that clients and models read and reviewers do not see`,
      hint,
    };
  }
  const names = [...new Set(run.map((c) => `${hex(c)} (${NAMES[cp(c)] ?? kindName(c)})`))];
  const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  const what = run.some((c) => isBidi(cp(c)))
    ? 'makes the text around it display in another order than clients and models read it'
    : 'is invisible: clients and models read it, reviewers do not see it';
  return { message: `${run.length === 1 ? 'this character' : `a run of ${run.length} characters`}, ${shown}, ${what}`, hint };
}

function kindName(c: string): string {
  const n = cp(c);
  if (n < 0x20 || (n >= 0x7f && n <= 0x9f)) return 'a control character';
  if (isSelector(n)) return 'a variation selector';
  return 'invisible';
}

const NAMES: Record<number, string> = {
  0x00ad: 'soft hyphen',
  0x180e: 'Mongolian vowel separator',
  0x200b: 'zero width space',
  0x200c: 'zero width non-joiner',
  0x200d: 'zero width joiner',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2060: 'word joiner',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
  0xfeff: 'zero width no-break space',
  0x115f: 'Hangul choseong filler',
  0x1160: 'Hangul jungseong filler',
  0x3164: 'Hangul filler',
  0xffa0: 'halfwidth Hangul filler',
};
