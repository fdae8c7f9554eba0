// Folded block scalars (`description: >-`) are wrapped by hand at widths their authors chose. The yaml
// stringifier would refold them at one global width (or not at all), so `fmt` prints their original lines,
// re-indented to where the scalar now sits.
import { isScalar, Scalar, visit, type Document } from 'yaml';

interface FoldedSource {
  header: string;
  lines: string[];
}

type StringifyFn = (item: Scalar, ctx: { indent: string }, onComment?: () => void, onChompKeep?: () => void) => string;

export function preserveFoldedScalars(doc: Document): void {
  const folded = new WeakMap<Scalar, FoldedSource>();
  visit(doc, {
    Scalar(_key, node) {
      const kept = foldedSource(node);
      if (kept) folded.set(node, kept);
    },
  });
  const tags = doc.schema.tags as unknown as { tag: string; format?: string; stringify?: StringifyFn }[];
  const index = tags.findIndex((t) => t.tag === 'tag:yaml.org,2002:str' && !t.format);
  if (index < 0) return;
  const base = tags[index];
  const stringify: StringifyFn = (item, ctx, onComment, onChompKeep) => {
    // A scalar re-styled since it was read (printExact quotes strings a style would change) prints as it now is.
    const kept = isScalar(item) && item.type === Scalar.BLOCK_FOLDED ? folded.get(item) : undefined;
    if (!kept || !base.stringify) return base.stringify!(item, ctx, onComment, onChompKeep);
    const indent = ctx.indent || '  ';
    return `${kept.header}\n${kept.lines.map((l) => (l === '' ? '' : indent + l)).join('\n')}`;
  };
  tags[index] = { ...base, stringify };
}

/** Only the plain cases: `>` or `>-` with no indentation indicator, keep-chomping or header comment. */
function foldedSource(node: Scalar): FoldedSource | undefined {
  const token = node.srcToken as { type?: string; props?: { type: string; source: string }[]; source?: string } | undefined;
  if (node.type !== Scalar.BLOCK_FOLDED || token?.type !== 'block-scalar' || typeof token.source !== 'string') return undefined;
  const props = token.props ?? [];
  const header = props.find((p) => p.type === 'block-scalar-header')?.source;
  if (header !== '>' && header !== '>-') return undefined;
  if (props.some((p) => p.type === 'comment')) return undefined;
  const raw = token.source.replace(/\r\n/g, '\n').split('\n');
  while (raw.length && raw[raw.length - 1].trim() === '') raw.pop();
  if (raw.length === 0) return undefined;
  const nonEmpty = raw.filter((l) => l.trim() !== '');
  const min = Math.min(...nonEmpty.map((l) => l.length - l.trimStart().length));
  return { header, lines: raw.map((l) => (l.trim() === '' ? '' : l.slice(min))) };
}
