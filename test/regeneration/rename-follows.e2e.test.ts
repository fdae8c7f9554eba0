// A rename (renamedFrom) moves everything that belongs to the entry, as a user filled it in: the handler, the file of
// its completion handlers, and the imports of them in the user's other modules. Done for real on a generated project
// with its dependencies installed, so that the contract check runs, and the project is built and served afterwards.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { linkDeps, runTsc } from '../support/generated-deps.js';
import { buildProject, connectStdio, runCli, tempDir } from '../support/project.js';

const completionsManifest = (prompt: string, template: string, renamed = false) => `version: 1
server: {name: rename-follows, version: 1.0.0}
prompts:
  ${prompt}:${renamed ? '\n    renamedFrom: review_code' : ''}
    description: Review code
    arguments:
      - {name: style, description: How to review, complete: true}
resourceTemplates:
  ${template}:${renamed ? '\n    renamedFrom: file_at' : ''}
    uriTemplate: file:///{path}
    description: A file
    complete: {path: true}
`;

const OLD_PROMPT = 'src/handlers/completions/prompts/review_code.ts';
const NEW_PROMPT = 'src/handlers/completions/prompts/review.ts';
const OLD_TEMPLATE = 'src/handlers/completions/resource-templates/file_at.ts';
const NEW_TEMPLATE = 'src/handlers/completions/resource-templates/file_in.ts';

let dir: string;
const read = (path: string) => readFileSync(join(dir, path), 'utf8');
const generate = (manifest: string) => {
  writeFileSync(join(dir, 'mcp.yaml'), manifest);
  return runCli(['generate'], dir);
};

it('renames the completion handlers filled in by hand with their prompt and template, and the server offers them', async () => {
  dir = tempDir('rename-completions-');
  expect(generate(completionsManifest('review_code', 'file_at')).code).toBe(0);
  linkDeps(dir);
  // The stubs return []; the user fills them in.
  writeFileSync(
    join(dir, OLD_PROMPT),
    read(OLD_PROMPT).replace(
      'style: async (value, args, ctx) => [],',
      "style: async (value) => ['terse', 'thorough', 'verbose'].filter((s) => s.startsWith(value)), // user: styles",
    ),
  );
  writeFileSync(
    join(dir, OLD_TEMPLATE),
    read(OLD_TEMPLATE).replace(
      'path: async (value, args, ctx) => [],',
      "path: async (value) => ['notes.txt', 'todo.txt'].filter((p) => p.startsWith(value)), // user: paths",
    ),
  );
  const before = { prompt: read(OLD_PROMPT), template: read(OLD_TEMPLATE) };

  const r = generate(completionsManifest('review', 'file_in', true));
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toContain(
    `rename   ${OLD_PROMPT} -> ${NEW_PROMPT}: renamed from ${OLD_PROMPT} (reviewCodeCompletions -> reviewCompletions)`,
  );
  expect(r.stdout).toContain(
    `rename   ${OLD_TEMPLATE} -> ${NEW_TEMPLATE}: renamed from ${OLD_TEMPLATE} (fileAtCompletions -> fileInCompletions)`,
  );
  expect(r.stdout).not.toMatch(/create .*completions|orphaned/);
  expect(r.stderr).not.toContain('error');
  // The user's code, at the new path, with only the export and the entry name in its type changed.
  expect(read(NEW_PROMPT)).toBe(
    before.prompt.replace("reviewCodeCompletions: PromptCompletions<'review_code'>", "reviewCompletions: PromptCompletions<'review'>"),
  );
  expect(read(NEW_TEMPLATE)).toBe(
    before.template.replace(
      "fileAtCompletions: ResourceTemplateCompletions<'file_at'>",
      "fileInCompletions: ResourceTemplateCompletions<'file_in'>",
    ),
  );
  expect(read(NEW_PROMPT)).not.toContain('=> []');
  expect(existsSync(join(dir, OLD_PROMPT)) || existsSync(join(dir, OLD_TEMPLATE))).toBe(false);
  expect(runCli(['check'], dir).code).toBe(0);

  buildProject(dir);
  const client = await connectStdio(dir, 'modern');
  try {
    const prompt = await client.complete({ ref: { type: 'ref/prompt', name: 'review' }, argument: { name: 'style', value: 't' } });
    expect(prompt.completion.values).toEqual(['terse', 'thorough']);
    const template = await client.complete({
      ref: { type: 'ref/resource', uri: 'file:///{path}' },
      argument: { name: 'path', value: 'n' },
    });
    expect(template.completion.values).toEqual(['notes.txt']);
  } finally {
    await client.close();
  }
}, 180_000);

const toolsManifest = (alpha: string, renamedFrom?: string) => `version: 1
server: {name: rename-importers, version: 1.0.0}
tools:
  ${alpha}:${renamedFrom ? `\n    renamedFrom: ${renamedFrom}` : ''}
    description: Alpha
    inputSchema: {type: object, properties: {city: {type: string}}, required: [city]}
  beta:
    description: Beta
`;

const EXTRA = `// user: a module of my own that uses a handler
import { alpha } from './handlers/tools/alpha.js';

export const handlers = { alpha };
`;

const BETA = `import type { ToolHandler } from '../../generated/types.gen.js';
import { alpha } from './alpha.js';

// user: beta calls alpha
export const beta: ToolHandler<'beta'> = async (input, ctx) => alpha({ city: 'Lima' }, ctx);
`;

it("points the user's imports of a renamed handler at its new path and export, and the project builds", () => {
  dir = tempDir('rename-importers-');
  expect(generate(toolsManifest('alpha')).code).toBe(0);
  linkDeps(dir);
  writeFileSync(join(dir, 'src/extra.ts'), EXTRA);
  writeFileSync(join(dir, 'src/handlers/tools/beta.ts'), BETA);
  runTsc(dir);

  const r = generate(toolsManifest('gamma', 'alpha'));
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toContain('rename   src/handlers/tools/alpha.ts -> src/handlers/tools/gamma.ts');
  const followed = 'its import of src/handlers/tools/alpha.ts follows the rename to src/handlers/tools/gamma.ts (alpha -> gamma)';
  expect(r.stdout).toContain(`update   src/extra.ts: ${followed}`);
  expect(r.stdout).toContain(`update   src/handlers/tools/beta.ts: ${followed}`);
  // Only the import lines changed; the local name stays, so nothing else had to.
  expect(read('src/extra.ts')).toBe(
    EXTRA.replace("import { alpha } from './handlers/tools/alpha.js'", "import { gamma as alpha } from './handlers/tools/gamma.js'"),
  );
  expect(read('src/handlers/tools/beta.ts')).toBe(
    BETA.replace("import { alpha } from './alpha.js'", "import { gamma as alpha } from './gamma.js'"),
  );
  runTsc(dir);
  expect(runCli(['check'], dir).code).toBe(0);
  // Nothing left to follow: the next run leaves the user's files alone.
  expect(generate(toolsManifest('gamma', 'alpha')).stdout).not.toContain('src/extra.ts');

  // What an edit of the import cannot make right is named, with the place to fix, and the run says handlers need work.
  writeFileSync(join(dir, 'src/ns.ts'), "import * as tools from './handlers/tools/gamma.js';\n\nexport const g = tools.gamma;\n");
  const again = generate(toolsManifest('delta', 'gamma'));
  expect(again.code, again.stdout + again.stderr).toBe(3);
  expect(again.stderr).toContain(
    'src/ns.ts:1:1: error uses tools.gamma, which src/handlers/tools/delta.ts exports as delta: rename the uses by hand',
  );
  expect(read('src/ns.ts')).toContain("from './handlers/tools/delta.js'");
  expect(read('src/extra.ts')).toContain("import { delta as alpha } from './handlers/tools/delta.js'");
}, 180_000);
