// generate()'s own up-to-date answer (the one the CLI gives when bin/mcp-gen.js could not answer from stat) comes
// from write/up-to-date.ts before the pipeline's stages are imported. Each case calls the built generate() in a
// process whose module loader refuses generate.js's imports of the stages: a run that needs them fails loudly, a
// no-op passes. The refused loads are the ones generate() makes itself, so the check does not depend on what else
// the write stage happens to import.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, tempDir } from '../support/project.js';

const MANIFEST = `version: 1
server: {name: settled, version: 1.0.0}
schemaFiles: true
tools:
  echo:
    description: Echoes the text back to the caller, unchanged.
    inputSchema: {$ref: './schemas/echo.json'}
`;
const SCHEMA = '{"type": "object", "properties": {"text": {"type": "string"}}}\n';
const REFUSED = 'a stage was loaded';

const hook = `export async function resolve(s, c, n) {
  if (c.parentURL?.endsWith("/dist/generator/generate.js") && /^\\.\\/(load|validate|model|emit)\\/index\\.js$/.test(s)) throw new Error(${JSON.stringify(REFUSED)});
  return n(s, c);
}`;
// Quoted with " only: encodeURIComponent leaves ' as it is.
const register = `import { register } from "node:module"; register("data:text/javascript,${encodeURIComponent(hook)}");`;

interface Project {
  dir: string;
  cache: string;
}

/** generate() of the build, in a process that cannot load the stages: its result, or the error it threw. */
function generateWithoutStages(p: Project, options: Record<string, unknown> = {}) {
  const generate = pathToFileURL(join(ROOT, 'dist', 'generator', 'generate.js')).href;
  const call = JSON.stringify({ manifestPath: join(p.dir, 'mcp.yaml'), contracts: false, ...options });
  const script = `const { generate } = await import(${JSON.stringify(generate)});
const r = await generate(${call});
console.log(JSON.stringify({ upToDate: r.upToDate === true, planned: r.plan !== undefined, issues: r.issues.length }));`;
  const r = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(register)}`, '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: p.cache },
    },
  );
  return { code: r.status, result: r.status === 0 ? JSON.parse(r.stdout) : undefined, stderr: r.stderr };
}

function generated(): Project {
  const p = { dir: tempDir('mcp-gen-stages-'), cache: tempDir('mcp-gen-cache-') };
  writeFileSync(join(p.dir, 'mcp.yaml'), MANIFEST);
  mkdirSync(join(p.dir, 'schemas'));
  writeFileSync(join(p.dir, 'schemas', 'echo.json'), SCHEMA);
  const r = spawnSync(process.execPath, [CLI, 'generate', '--no-check'], {
    cwd: p.dir,
    encoding: 'utf8',
    env: { ...process.env, XDG_CACHE_HOME: p.cache },
  });
  expect(r.status, r.stderr).toBe(0);
  return p;
}

describe("generate()'s up-to-date answer", () => {
  it('answers a project as its last run left it without importing a stage', () => {
    const p = generated();
    expect(generateWithoutStages(p)).toEqual({ code: 0, result: { upToDate: true, planned: false, issues: 0 }, stderr: '' });
  });

  it('imports the stages for every run that has work or must not take the shortcut', () => {
    const p = generated();
    for (const options of [{ force: true }, { prune: true }, { dryRun: true }]) {
      const r = generateWithoutStages(p, options);
      expect(r.code, JSON.stringify(options)).not.toBe(0);
      expect(r.stderr).toContain(REFUSED);
    }
    // A schema file the last run read, edited alone: not a no-op.
    writeFileSync(join(p.dir, 'schemas', 'echo.json'), SCHEMA.replace('"string"', '"string", "maxLength": 10'));
    expect(generateWithoutStages(p).stderr).toContain(REFUSED);
  });
});
