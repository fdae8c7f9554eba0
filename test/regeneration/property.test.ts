// Random histories of manifest edits interleaved with user edits to handler bodies: no user-written line is ever
// lost, and the generated files are always exactly what a fresh generation of the same manifest produces.
import fc from 'fast-check';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';

const NAMES = ['alpha', 'beta', 'gamma', 'delta'];
// CI replays a fixed set of histories so that a submission is judged on its own code; `npm run fuzz`
// (PROPERTY_SEED=random) explores new ones. A failure prints its seed and history, to be kept as a fixed case.
const SEED = process.env.PROPERTY_SEED === 'random' ? undefined : Number(process.env.PROPERTY_SEED ?? 20261121);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);
const PROPS = ['a', 'b', 'c'];

type Op =
  | { op: 'add'; name: string; props: string[] }
  | { op: 'remove'; name: string }
  | { op: 'rename'; name: string; to: string }
  | { op: 'schema'; name: string; props: string[] }
  | { op: 'edit'; name: string };

const propsArb = fc.subarray(PROPS);
const nameArb = fc.constantFrom(...NAMES);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), name: nameArb, props: propsArb }),
  fc.record({ op: fc.constant('remove' as const), name: nameArb }),
  fc.record({ op: fc.constant('rename' as const), name: nameArb, to: nameArb }),
  fc.record({ op: fc.constant('schema' as const), name: nameArb, props: propsArb }),
  fc.record({ op: fc.constant('edit' as const), name: nameArb }),
  fc.record({ op: fc.constant('edit' as const), name: nameArb }),
);

/** Histories that once failed, replayed on every run. */
const KNOWN_HISTORIES: Op[][] = [
  // A name freed by one rename and taken by another while the first rename's renamedFrom is still written.
  [
    { op: 'add', name: 'delta', props: [] },
    { op: 'rename', name: 'alpha', to: 'beta' },
    { op: 'rename', name: 'delta', to: 'alpha' },
    { op: 'add', name: 'alpha', props: [] },
  ],
];

interface Tool {
  props: string[];
  renamedFrom?: string;
}

/** Reusing an old name: the user drops the applied renamedFrom that points at it, as validation asks. */
function dropStaleRenames(tools: Map<string, Tool>, name: string): void {
  for (const t of tools.values()) if (t.renamedFrom === name) delete t.renamedFrom;
}

function manifestText(tools: Map<string, Tool>): string {
  const entries = [...tools].map(([name, t]) => {
    const props = t.props.map((p) => `${p}: {type: string}`).join(', ');
    return `  ${name}:\n    description: Tool ${name}\n${t.renamedFrom ? `    renamedFrom: ${t.renamedFrom}\n` : ''}    inputSchema: {type: object, properties: {${props}}}\n`;
  });
  return `version: 1\nserver: {name: prop, version: 1.0.0}\n${entries.length ? `tools:\n${entries.join('')}` : ''}`;
}

function treeFiles(dir: string, under: string): Map<string, string> {
  const root = join(dir, under);
  if (!existsSync(root)) return new Map();
  return new Map(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [join(e.parentPath, e.name).slice(dir.length + 1), readFileSync(join(e.parentPath, e.name), 'utf8')]),
  );
}

async function regenerate(dir: string, tools: Map<string, Tool>): Promise<void> {
  writeFileSync(join(dir, 'mcp.yaml'), manifestText(tools));
  const result = await generate({ manifestPath: join(dir, 'mcp.yaml'), contracts: false });
  expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
  expect(result.conflicts).toEqual([]);
}

it('never loses a user line, and generated output always equals a fresh generation', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 2, maxLength: 9 }), async (ops) => {
      const dir = mkdtempSync(join(tmpdir(), 'mcp-gen-prop-'));
      const tools = new Map<string, Tool>([['alpha', { props: ['a'] }]]);
      const userLines = new Map<string, string[]>(); // tool name -> lines the user wrote into its handler
      const everyLine: string[] = [];
      let counter = 0;
      await regenerate(dir, tools);
      for (const o of ops) {
        if (o.op === 'add' && !tools.has(o.name)) {
          dropStaleRenames(tools, o.name);
          tools.set(o.name, { props: o.props });
        } else if (o.op === 'remove' && tools.delete(o.name)) userLines.delete(o.name);
        else if (o.op === 'schema' && tools.has(o.name)) tools.get(o.name)!.props = o.props;
        else if (o.op === 'rename' && tools.has(o.name) && !tools.has(o.to) && !existsSync(join(dir, `src/handlers/tools/${o.to}.ts`))) {
          dropStaleRenames(tools, o.to);
          tools.set(o.to, { props: tools.get(o.name)!.props, renamedFrom: o.name });
          tools.delete(o.name);
          userLines.set(o.to, userLines.get(o.name) ?? []);
          userLines.delete(o.name);
        } else if (o.op === 'edit' && tools.has(o.name)) {
          const file = join(dir, `src/handlers/tools/${o.name}.ts`);
          const line = `  // user ${counter++}: ${o.name} was edited here`;
          writeFileSync(file, readFileSync(file, 'utf8').replace('=> {\n', `=> {\n${line}\n`));
          userLines.set(o.name, [...(userLines.get(o.name) ?? []), line]);
          everyLine.push(line);
          continue;
        } else continue;
        await regenerate(dir, tools);
        // Every line the user wrote for a live tool is in that tool's handler file.
        for (const [name, lines] of userLines) {
          const text = readFileSync(join(dir, `src/handlers/tools/${name}.ts`), 'utf8');
          for (const l of lines) expect(text).toContain(l);
        }
        // Lines of removed tools live on in their orphaned handler files.
        const all = [...treeFiles(dir, 'src/handlers').values()].join('\n');
        for (const l of everyLine) expect(all).toContain(l);
      }
      const fresh = mkdtempSync(join(tmpdir(), 'mcp-gen-prop-fresh-'));
      const freshTools = new Map([...tools].map(([n, t]) => [n, { props: t.props }]));
      await regenerate(fresh, freshTools);
      // Generated code is a function of the manifest alone (renamedFrom only steers handler files).
      expect(treeFiles(dir, 'src/generated')).toEqual(treeFiles(fresh, 'src/generated'));
      // Handler files: those of the fresh project, plus orphans of removed tools; never fewer.
      const handlers = [...treeFiles(dir, 'src/handlers').keys()];
      for (const f of treeFiles(fresh, 'src/handlers').keys()) expect(handlers).toContain(f);
    }),
    { numRuns: RUNS, seed: SEED, examples: KNOWN_HISTORIES.map((h) => [h]) },
  );
}, 600_000);
