// Just enough Markdown reading for the docs test: fenced code blocks, links and heading anchors. The docs keep to
// plain CommonMark (ATX headings, backtick or tilde fences, inline and reference links), so no parser is needed.

export interface CodeBlock {
  lang: string;
  text: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** Preceded by a `<!-- fragment ... -->` comment: an excerpt, not meant to run on its own. */
  fragment: boolean;
}

export interface Link {
  target: string;
  line: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;
const FRAGMENT_MARKER = /^<!--\s*fragment\b.*-->\s*$/;

/** Splits a document into its lines, each flagged as inside a fenced code block (fences included) or not. */
function scan(md: string): { text: string; inCode: boolean }[] {
  const out: { text: string; inCode: boolean }[] = [];
  let fence: string | undefined;
  for (const text of md.split('\n')) {
    const open = FENCE.exec(text);
    if (fence === undefined && open) {
      fence = open[1];
      out.push({ text, inCode: true });
    } else if (fence !== undefined) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(text);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length) fence = undefined;
      out.push({ text, inCode: true });
    } else {
      out.push({ text, inCode: false });
    }
  }
  return out;
}

export function codeBlocks(md: string): CodeBlock[] {
  const lines = md.split('\n');
  const blocks: CodeBlock[] = [];
  let open: { fence: string; lang: string; line: number; fragment: boolean; body: string[] } | undefined;
  lines.forEach((text, index) => {
    if (!open) {
      const m = FENCE.exec(text);
      if (!m) return;
      let previous = index - 1;
      while (previous >= 0 && lines[previous].trim() === '') previous--;
      const fragment = previous >= 0 && FRAGMENT_MARKER.test(lines[previous].trim());
      open = { fence: m[1], lang: m[2].toLowerCase(), line: index + 1, fragment, body: [] };
      return;
    }
    const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(text);
    if (close && close[1][0] === open.fence[0] && close[1].length >= open.fence.length) {
      blocks.push({ lang: open.lang, text: open.body.join('\n'), line: open.line, fragment: open.fragment });
      open = undefined;
    } else {
      open.body.push(text);
    }
  });
  if (open) throw new Error(`code block opened at line ${open.line} is never closed`);
  return blocks;
}

/** Inline code spans are blanked out so that `[a](b)` written as code is not taken for a link. */
const withoutInlineCode = (text: string): string => text.replace(/(`+)[^`]*?\1/g, (m) => ' '.repeat(m.length));

export function links(md: string): Link[] {
  const found: Link[] = [];
  scan(md).forEach(({ text, inCode }, index) => {
    if (inCode) return;
    const line = withoutInlineCode(text);
    for (const m of line.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) {
      found.push({ target: m[1].replace(/^<|>$/g, ''), line: index + 1 });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line);
    if (definition) found.push({ target: definition[1].replace(/^<|>$/g, ''), line: index + 1 });
  });
  return found;
}

/**
 * GitHub's heading anchor (github-slugger): the heading's rendered text, lower-cased, punctuation and symbols
 * removed (letters, marks, digits, `_` and `-` stay), each space a hyphen; a repeated slug gets -1, -2, ...
 */
export function githubSlug(text: string, seen: Map<string, number>): string {
  const base = text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
  const count = seen.get(base) ?? 0;
  seen.set(base, count + 1);
  return count === 0 ? base : `${base}-${count}`;
}

/** What a heading renders as: inline code without backticks, links as their text, no HTML tags or emphasis marks. */
function renderedText(heading: string): string {
  return heading
    .replace(/\s+#+\s*$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .trim();
}

export function headingAnchors(md: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { text, inCode } of scan(md)) {
    if (inCode) continue;
    const m = /^ {0,3}#{1,6}\s+(.*)$/.exec(text);
    if (m) anchors.add(githubSlug(renderedText(m[1]), seen));
  }
  return anchors;
}
