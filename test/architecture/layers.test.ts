// The generator's folders are a pipeline: each may import only from folders below it, and only through their
// index.ts; no module may take part in an import cycle. Checked on the import statements themselves.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/project.js';

const GENERATOR = join(ROOT, 'generator');

/** Lower layers first; a folder may import from its own layer's files and from any layer before it. */
const LAYERS: string[][] = [
  ['core'],
  ['load'],
  ['validate'],
  ['model'],
  ['emit'],
  ['write'],
  ['.'],
  ['fmt'],
  ['diff'],
  ['docs'],
  ['import'],
  ['cli'],
];

function layerOf(folder: string): number {
  return LAYERS.findIndex((names) => names.includes(folder));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Relative imports of a file (static, dynamic and type-only), resolved to absolute .ts paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
  return specs.map((s) => resolve(dirname(file), s).replace(/\.js$/, '.ts'));
}

/** The top-level folder under generator/ ('.' for files directly in it). */
function stageOf(file: string): string {
  const parts = relative(GENERATOR, file).split(sep);
  return parts.length === 1 ? '.' : parts[0];
}

const files = sourceFiles(GENERATOR);
const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => t.startsWith(GENERATOR))]));

describe('generator architecture', () => {
  it('every stage and feature folder has an index.ts', () => {
    const missing = LAYERS.flat().filter((f) => f !== '.' && !files.includes(join(GENERATOR, f, 'index.ts')));
    expect(missing.join('\n')).toBe('');
  });

  it('imports point down the stage order, into other folders only through their index.ts', () => {
    const wrong: string[] = [];
    for (const [from, targets] of graph) {
      for (const to of targets) {
        const [a, b] = [stageOf(from), stageOf(to)];
        if (a === b) continue;
        const name = `${relative(GENERATOR, from)} -> ${relative(GENERATOR, to)}`;
        if (layerOf(a) < 0 || layerOf(b) < 0) wrong.push(`${name}: folder not in the stage order`);
        else if (layerOf(b) > layerOf(a)) wrong.push(`${name}: points up`);
        else if (b !== '.' && relative(join(GENERATOR, b), to) !== 'index.ts') wrong.push(`${name}: not through ${b}/index.ts`);
      }
    }
    expect(wrong.join('\n')).toBe('');
  });

  it('has no import cycles', () => {
    expect(
      findCycles(graph)
        .map((c) => c.map((f) => relative(GENERATOR, f)).join(' <-> '))
        .join('\n'),
    ).toBe('');
  });

  it('finds a planted cycle (the check itself works)', () => {
    const planted = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(planted)).toEqual([['a', 'b', 'c']]);
  });
});

/** Strongly connected components of more than one module (or a module importing itself), by Tarjan's algorithm. */
function findCycles(g: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (g.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of [...g.keys()].sort()) if (!idx.has(v)) visit(v);
  return out;
}
