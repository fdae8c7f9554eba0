// Whether a description changed in a way the model will notice. Descriptions are what a model reads to decide
// when and how to call a tool, so a rewrite is a risk worth a reviewer's look; a typo fix or an added clause is not.

export type TextChange = 'none' | 'clarified' | 'substantial';

const NEGATIONS = new Set(['not', 'no', 'never', "don't", "doesn't", "isn't", "won't", 'cannot', "can't", 'without', 'only', 'must']);

/** Below this word-level similarity (2 x common words in order / total words) a change is substantial. */
export const SIMILARITY_THRESHOLD = 0.6;

export function textChange(before: string, after: string): TextChange {
  if (before === after) return 'none';
  const a = words(before);
  const b = words(after);
  if (a.join(' ') === b.join(' ')) return 'clarified';
  // Adding or dropping a "not"/"never"/"only" can invert an instruction however similar the rest is.
  const negA = a
    .filter((w) => NEGATIONS.has(w))
    .sort()
    .join(' ');
  const negB = b
    .filter((w) => NEGATIONS.has(w))
    .sort()
    .join(' ');
  if (negA !== negB) return 'substantial';
  return similarity(a, b) < SIMILARITY_THRESHOLD ? 'substantial' : 'clarified';
}

function words(s: string): string[] {
  return s.toLowerCase().match(/[\p{L}\p{N}'_]+/gu) ?? [];
}

export function similarity(a: string[], b: string[]): number {
  if (a.length + b.length === 0) return 1;
  return (2 * commonInOrder(a, b)) / (a.length + b.length);
}

/** Longest common subsequence of words; long texts fall back to shared words, which is cheaper and close enough. */
function commonInOrder(a: string[], b: string[]): number {
  if (a.length * b.length > 250_000) {
    const counts = new Map<string, number>();
    for (const w of a) counts.set(w, (counts.get(w) ?? 0) + 1);
    let common = 0;
    for (const w of b) {
      const n = counts.get(w) ?? 0;
      if (n === 0) continue;
      common++;
      counts.set(w, n - 1);
    }
    return common;
  }
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) row[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], row[j - 1]);
    prev = row;
  }
  return prev[b.length];
}
