// The manifest's examples as contract tests, run the way a user runs them (vitest inside the generated project):
// the weather example passes against its real handlers, fails with a readable diff when a handler answers
// something else, and a fresh project's stubs make its examples pending rather than failing.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { depsDir, runTsc } from '../support/generated-deps.js';
import { buildProject, generateProject, prepareExample } from '../support/project.js';

interface VitestRun {
  code: number | null;
  output: string;
}

/** The generated project's own vitest, outside this run's environment. */
function runContractTests(dir: string): VitestRun {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS'));
  const r = spawnSync(
    process.execPath,
    [join(depsDir(), 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'test/contract.gen.test.ts', '--reporter=verbose'],
    {
      cwd: dir,
      encoding: 'utf8',
      env: { ...env, NO_COLOR: '1', CI: '1' },
      timeout: 120_000,
    },
  );
  return { code: r.status, output: `${r.stdout}${r.stderr}` };
}

/** tsc over src/ and test/ together: the generated tests are real code too. */
function typeCheckWithTests(dir: string): void {
  writeFileSync(
    join(dir, 'tsconfig.tests.json'),
    JSON.stringify({ extends: './tsconfig.json', compilerOptions: { rootDir: '.', noEmit: true }, include: ['src', 'test'] }),
  );
  runTsc(dir, ['--noEmit', '-p', join(dir, 'tsconfig.tests.json')]);
}

describe('weather example: contract tests from its examples', () => {
  let dir: string;
  beforeAll(() => {
    dir = prepareExample('weather');
  });

  it('type-checks the generated test and example modules', () => {
    expect(() => typeCheckWithTests(dir)).not.toThrow();
  });

  it('passes against the real handlers', () => {
    const run = runContractTests(dir);
    expect(run.output).toMatch(/tool get_forecast > example tokyo_imperial/);
    expect(run.output).toMatch(/resource template city_weather > example lima/);
    expect(run.output).toMatch(/prompt plan_trip > example paris/);
    expect(run.output).toMatch(/Tests\s+5 passed \(5\)/);
    expect(run.code).toBe(0);
  });

  it('fails with a readable diff when a handler answers something else', () => {
    const data = join(dir, 'src', 'data', 'climate.ts');
    const original = readFileSync(data, 'utf8');
    writeFileSync(data, original.replace("'Clear', 'Humid'", "'Clear', 'Muggy'"));
    try {
      buildProject(dir);
      const run = runContractTests(dir);
      expect(run.code).toBe(1);
      expect(run.output).toMatch(/FAIL .*tool get_forecast > example tokyo_imperial/);
      expect(run.output).toMatch(/- Expected\n\+ Received/);
      expect(run.output).toMatch(/^-\s+"summary": "Humid",$/m);
      expect(run.output).toMatch(/^\+\s+"summary": "Muggy",$/m);
      // Only the changed answer fails: the other examples still hold.
      expect(run.output).toMatch(/Tests\s+1 failed \| 4 passed \(5\)/);
    } finally {
      writeFileSync(data, original);
    }
  });

  it('fails when an error no longer matches its messagePattern', () => {
    const handler = join(dir, 'src', 'handlers', 'tools', 'get_forecast.ts');
    const original = readFileSync(handler, 'utf8');
    writeFileSync(
      handler,
      original.replace(
        'if (!result) return toolError(`No forecast for ${input.city}: try Paris, Tokyo or Lima.`);',
        'if (!result) return toolError(`Unknown place ${input.city}`);',
      ),
    );
    try {
      const run = runContractTests(dir);
      expect(run.code).toBe(1);
      expect(run.output).toMatch(/FAIL .*tool get_forecast > example unknown_city/);
      expect(run.output).toContain('Unknown place Atlantis');
      expect(run.output).toContain('/^No forecast for Atlantis/u');
    } finally {
      writeFileSync(handler, original);
    }
  });
});

describe('a fresh project: examples of stub handlers are pending', () => {
  it('skips each example with the stub it waits for, and passes', () => {
    const dir = generateProject(`version: 1
server: {name: stubs, version: 0.1.0}
tools:
  echo:
    inputSchema: {type: object, properties: {text: {type: string}}, required: [text]}
    outputSchema: {type: object, properties: {text: {type: string}}, required: [text]}
    examples:
      hello: {input: {text: hi}, output: {structuredContent: {text: hi}}}
resources:
  status:
    uri: app://status
    examples:
      ok: {output: {contents: [{text: ok}]}}
resourceTemplates:
  item:
    uriTemplate: app://items/{id}
    examples:
      one: {uri: 'app://items/1', output: {contents: [{text: item 1}]}}
prompts:
  greet:
    arguments: [{name: who, required: true}]
    examples:
      bob: {input: {who: Bob}, output: {messages: [{role: user, content: {type: text, text: Hello Bob}}]}}
`);
    buildProject(dir);
    typeCheckWithTests(dir);
    const run = runContractTests(dir);
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/Tests\s+1 passed \| 4 skipped \(5\)/);
    for (const file of ['tools/echo.ts', 'resources/status.ts', 'resource-templates/item.ts', 'prompts/greet.ts']) {
      expect(run.output).toContain(`pending: the handler is still a stub (src/handlers/${file})`);
    }
  });
});
