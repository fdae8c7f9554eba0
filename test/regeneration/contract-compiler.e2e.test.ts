// The contract check runs the project's own compiler (TypeScript 7, incremental, build info in .mcp-gen/cache) and
// reports a renamed input property at the handler line that still uses the old name, from `generate` (files
// written) and from `check` (planned files in a mirror), without loading ts-morph. The input has a default, so the
// compiler names the handler's input type WithDefaults<GetForecastInput, "days">.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { basename, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { depsDir, linkDeps } from '../support/generated-deps.js';
import { CLI, runCli, tempDir, type CliResult } from '../support/project.js';

const manifest = (prop: string) => `version: 1
server: {name: rename-me, version: 1.0.0}
tools:
  get_forecast:
    description: Forecast for a city
    inputSchema:
      type: object
      properties:
        ${prop}: {type: string}
        days: {type: integer, default: 3}
      required: [${prop}]
`;

const handler = `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

export const getForecast: ToolHandler<'get_forecast'> = async (input) => {
  const days = input.days ?? 3;
  return text(\`\${days} days of sun in \${input.city}\`);
};
`;

/** The CLI with ts-morph made unloadable: a run that imports it fails instead of passing slowly. */
function runWithoutTsMorph(args: string[], cwd: string): CliResult {
  const hook = 'export async function resolve(s, c, n) { if (s === "ts-morph") throw new Error("ts-morph was loaded"); return n(s, c); }';
  const register = `import { register } from "node:module"; register("data:text/javascript,${encodeURIComponent(hook)}");`;
  try {
    const stdout = execFileSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(register)}`, CLI, ...args], {
      cwd,
      encoding: 'utf8',
      stdio: 'pipe',
      env: { ...process.env, NO_COLOR: '1' },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('contract check on the project compiler', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('contract-tsc-');
    writeFileSync(join(dir, 'mcp.yaml'), manifest('city'));
    expect(runCli(['generate'], dir).code).toBe(0);
    linkDeps(dir);
    writeFileSync(join(dir, 'src/handlers/tools/get_forecast.ts'), handler);
    expect(runWithoutTsMorph(['check'], dir)).toMatchObject({ code: 0 });
  });

  it('names the line and column of the renamed property, from check (planned) and generate (written), exit 1 and 3', () => {
    writeFileSync(join(dir, 'mcp.yaml'), manifest('town'));
    const expected = 'src/handlers/tools/get_forecast.ts:6:47: error input.city no longer exists (removed from get_forecast.inputSchema)';
    const checked = runWithoutTsMorph(['check'], dir);
    expect(checked.code, checked.stderr).toBe(1);
    expect(checked.stderr).toContain(expected);
    const generated = runWithoutTsMorph(['generate'], dir);
    expect(generated.code, generated.stderr + generated.stdout).toBe(3);
    expect(generated.stderr).toContain(expected);
    expect(generated.stderr.match(/error /g)).toHaveLength(1);
    // The incremental build lives in the cache folder, which ignores itself in git.
    expect(existsSync(join(dir, '.mcp-gen/cache/contracts.tsbuildinfo'))).toBe(true);
    expect(readFileSync(join(dir, '.mcp-gen/cache/.gitignore'), 'utf8')).toMatch(/^\*$/m);
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toContain('.mcp-gen/cache/');
  });

  it('passes again once the handler follows, reusing the build info', () => {
    writeFileSync(join(dir, 'src/handlers/tools/get_forecast.ts'), handler.replace('input.city', 'input.town'));
    writeFileSync(join(dir, 'mcp.yaml'), manifest('town').replace('Forecast for a city', 'Forecast for a town'));
    const r = runWithoutTsMorph(['generate'], dir);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stderr).not.toContain('error');
    expect(runWithoutTsMorph(['check'], dir)).toMatchObject({ code: 0 });
  });

  it('reports any other compiler error with its code and entry', () => {
    writeFileSync(
      join(dir, 'src/handlers/tools/get_forecast.ts'),
      handler.replace('input.city', 'input.town').replace('const days = input.days ?? 3', 'const days: string = input.days'),
    );
    const r = runWithoutTsMorph(['check'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `src/handlers/tools/get_forecast.ts:5:9: error TS2322: Type 'number' is not assignable to type 'string'. (tools.get_forecast)`,
    );
    // From the folder above, the path is the one a terminal there can open, as the manifest's positions are.
    const above = runWithoutTsMorph(['check', '-m', join(basename(dir), 'mcp.yaml')], dirname(dir));
    expect(above.stderr).toMatch(new RegExp(`^${basename(dir)}/src/handlers/tools/get_forecast\\.ts:5:9: error TS2322`, 'm'));
  });

  // The check compiles the handlers and a small file holding each export against its handler type, not the whole
  // generated server: what server.gen.ts needs of a handler is still checked, at the handler's export.
  it('reports a renamed handler export once, at the export, naming what the file exports', () => {
    const file = join(dir, 'src/handlers/tools/get_forecast.ts');
    writeFileSync(file, handler.replace('input.city', 'input.town').replace('export const getForecast', 'export const forecast'));
    writeFileSync(join(dir, 'mcp.yaml'), manifest('town').replace('Forecast for a city', 'Forecast, export renamed'));
    const r = runCli(['generate'], dir);
    expect(r.stderr).toContain(
      'src/handlers/tools/get_forecast.ts:4:1: error does not export getForecast, the handler of tools.get_forecast (it exports forecast)',
    );
    expect(r.stderr.match(/error /g)).toHaveLength(1);
    // `check` compiles the planned tests too, which import the whole server: it sees the same error there as well.
    expect(runCli(['check'], dir).code).toBe(1);
    expect(readFileSync(join(dir, '.mcp-gen/cache/contracts/handlers.ts'), 'utf8')).toContain(
      'h0 satisfies T.ToolHandler<"get_forecast">;',
    );
  });

  it('checks an unannotated handler against the type the server calls it with', () => {
    const file = join(dir, 'src/handlers/tools/get_forecast.ts');
    writeFileSync(
      file,
      "import { text } from '../../generated/context.gen.js';\n\nexport const getForecast = async (input: { town: number }) => text(`${input.town}`);\n",
    );
    writeFileSync(join(dir, 'mcp.yaml'), manifest('town').replace('Forecast for a city', 'Forecast, unannotated'));
    const r = runWithoutTsMorph(['generate'], dir);
    expect(r.code, r.stderr + r.stdout).toBe(3);
    expect(r.stderr).toMatch(
      /src\/handlers\/tools\/get_forecast\.ts:3:14: error TS1360: Type .+ does not satisfy the expected type 'ToolHandler<"get_forecast">'\. At input\.town: Type 'string' is not assignable to type 'number'\. \(tools\.get_forecast, as the server calls it\)/,
    );
    expect(existsSync(join(dir, '.mcp-gen/cache/contracts/handlers.ts'))).toBe(true);
    writeFileSync(file, handler.replace('input.city', 'input.town'));
    expect(runWithoutTsMorph(['check'], dir)).toMatchObject({ code: 0 });
  });
});

it('skips the check, as without dependencies, when the project has no TypeScript installed', () => {
  const dir = tempDir('contract-notsc-');
  writeFileSync(join(dir, 'mcp.yaml'), manifest('city'));
  expect(runCli(['generate'], dir).code).toBe(0);
  // Every dependency but the compiler.
  mkdirSync(join(dir, 'node_modules', '@modelcontextprotocol'), { recursive: true });
  symlinkSync(
    join(depsDir(), 'node_modules', '@modelcontextprotocol', 'server'),
    join(dir, 'node_modules', '@modelcontextprotocol', 'server'),
    'dir',
  );
  writeFileSync(join(dir, 'mcp.yaml'), manifest('town'));
  const r = runCli(['generate', '--json'], dir);
  expect(r.code, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({
    note: 'TypeScript is not installed in the project (run npm install), so handlers were not type-checked',
    handlerProblems: [],
  });
  rmSync(dir, { recursive: true, force: true });
});

it('holds completion handlers against their types too, and reports a renamed completions export', () => {
  const dir = tempDir('contract-completions-');
  const prompts = (title: string) => `version: 1
server: {name: completes, version: 1.0.0}
prompts:
  greet:
    title: ${title}
    arguments:
      - {name: who, required: true, complete: true}
    messages:
      - {role: user, text: 'Say hello to {{who}}'}
`;
  writeFileSync(join(dir, 'mcp.yaml'), prompts('Greet'));
  expect(runCli(['generate'], dir).code).toBe(0);
  linkDeps(dir);
  const file = join(dir, 'src/handlers/completions/prompts/greet.ts');
  const stub = readFileSync(file, 'utf8');
  expect(stub).toContain('export const greetCompletions');
  writeFileSync(file, stub.replace('export const greetCompletions', 'export const greetings'));
  writeFileSync(join(dir, 'mcp.yaml'), prompts('Greeting'));
  const renamed = runWithoutTsMorph(['generate'], dir);
  expect(renamed.code, renamed.stderr + renamed.stdout).toBe(3);
  expect(renamed.stderr).toContain(
    'src/handlers/completions/prompts/greet.ts:1:1: error does not export greetCompletions, the completions of prompts.greet; the server imports them by that name',
  );
  // Of the wrong shape, without the type annotation: found where the server would call it.
  writeFileSync(file, 'export const greetCompletions = { who: async (value: number) => [value] };\n');
  writeFileSync(join(dir, 'mcp.yaml'), prompts('Greet'));
  const shaped = runWithoutTsMorph(['generate'], dir);
  expect(shaped.code).toBe(3);
  expect(shaped.stderr).toMatch(
    /src\/handlers\/completions\/prompts\/greet\.ts:1:14: error TS1360: .+\(prompts\.greet, as the server calls it\)/,
  );
  writeFileSync(file, stub);
  writeFileSync(join(dir, 'mcp.yaml'), prompts('Greeting'));
  expect(runWithoutTsMorph(['generate'], dir).code).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

// The compiler blames a result of the wrong shape on the handler's whole type, and finds the cause at the end of
// its elaboration; the verdict names it in the manifest's terms.
it('says where a result does not fit the outputSchema, and that a plain object needs structured()', () => {
  const dir = tempDir('contract-output-');
  writeFileSync(
    join(dir, 'mcp.yaml'),
    `version: 1
server: {name: outputs, version: 1.0.0}
tools:
  get_forecast:
    description: Forecast for a city
    inputSchema: {type: object, properties: {city: {type: string}}, required: [city]}
    outputSchema:
      type: object
      properties:
        city: {type: string}
        units: {type: string, enum: [metric, imperial]}
        days:
          type: array
          items: {type: object, properties: {high: {type: number}, low: {type: number}}, required: [high, low]}
      required: [city, days]
`,
  );
  expect(runCli(['generate'], dir).code).toBe(0);
  linkDeps(dir);
  const file = join(dir, 'src/handlers/tools/get_forecast.ts');
  const body = (result: string) => `import type { ToolHandler } from '../../generated/types.gen.js';
import { structured, text } from '../../generated/context.gen.js';

export const getForecast: ToolHandler<'get_forecast'> = async (input) => ${result};
`;
  const verdict = (result: string) => {
    writeFileSync(file, body(result));
    const r = runWithoutTsMorph(['check'], dir);
    expect(r.code).toBe(1);
    const line = r.stderr.split('\n').find((l) => l.includes(': error ')) ?? '';
    expect(line).toMatch(/^src\/handlers\/tools\/get_forecast\.ts:4:\d+: error /);
    return line.replace(/^.*?: error /, '');
  };
  expect(verdict("structured({ city: input.city, days: [{ high: '20', low: 10 }] })")).toBe(
    `the result does not fit get_forecast.outputSchema: days[].high is string, where the schema says number (tools.get_forecast)`,
  );
  expect(verdict('structured({ city: input.city, days: [{ high: 20 }] })')).toBe(
    `the result does not fit get_forecast.outputSchema: days[].low is missing, and the schema requires it (tools.get_forecast)`,
  );
  expect(verdict('structured({ days: [] })')).toBe(
    `the result does not fit get_forecast.outputSchema: city is missing, and the schema requires it (tools.get_forecast)`,
  );
  expect(verdict("text('sunny')")).toBe(
    'the result carries no structuredContent: return structured({...}) for get_forecast.outputSchema (text() and result() are for tools without one), or toolError(message) for a failure (tools.get_forecast)',
  );
  expect(verdict('({ city: input.city, days: [] })')).toBe(
    `the result is a plain object: return structured({...}) for get_forecast.outputSchema, or toolError(message) for a failure (tools.get_forecast)`,
  );
  expect(verdict("structured({ city: input.city, units: 'kelvin', days: [] })")).toBe(
    'the result does not fit get_forecast.outputSchema: units is "kelvin", where the schema says "imperial" | "metric" | undefined (tools.get_forecast)',
  );
  // A literal of the schema's enum and a list written inline fit as they are: no `as const`, no type annotation.
  writeFileSync(file, body("structured({ city: input.city, units: 'metric', days: [{ high: 20, low: 10 }] })"));
  const fits = runWithoutTsMorph(['check'], dir);
  expect(fits.code, fits.stderr).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

// `check` compiles a mirror of the project in .mcp-gen/cache/, tests included; left there, the project's test runner
// found the copies and ran every test twice (once against planned files that were never written).
it('check leaves no copy of the project behind for the test runner to find', () => {
  const dir = tempDir('contract-mirror-');
  writeFileSync(join(dir, 'mcp.yaml'), manifest('city'));
  expect(runCli(['generate'], dir).code).toBe(0);
  linkDeps(dir);
  writeFileSync(join(dir, 'src', 'util.test.ts'), "import { it } from 'vitest';\nit('holds', () => {});\n");
  writeFileSync(join(dir, 'mcp.yaml'), manifest('town'));
  const checked = runCli(['check'], dir);
  expect(checked.code).toBe(1);
  expect(checked.stderr).toContain('src/handlers/tools/get_forecast.ts');
  expect(existsSync(join(dir, '.mcp-gen', 'cache', 'check'))).toBe(false);
  const listed = execFileSync(process.execPath, [join(depsDir(), 'node_modules', 'vitest', 'vitest.mjs'), 'list', '--filesOnly'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST'))), NO_COLOR: '1' },
  });
  expect(listed.trim().split('\n').sort()).toEqual(['src/util.test.ts', 'test/contract.gen.test.ts', 'test/server.test.ts']);
  rmSync(dir, { recursive: true, force: true });
});
