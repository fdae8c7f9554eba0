import { describe, expect, it } from 'vitest';
import { describeMerge, isOlder, mergePackageJson } from '../../../generator/write/merge-package-json.js';
import {
  dockerNodeAdvice,
  dockerOwnerAdvice,
  keptFileAdvice,
  missingLinesAdvice,
  tsconfigAdvice,
} from '../../../generator/write/kept-advice.js';

const wanted = JSON.stringify({
  dependencies: { '@modelcontextprotocol/server': '2.4.0' },
  devDependencies: { typescript: '5.9.3' },
  scripts: { build: 'tsc', test: 'vitest run' },
});

describe('mergePackageJson', () => {
  it('adds only what is missing, at the end of each section, keeping order, versions and indentation', () => {
    const current =
      '{\n    "name": "x",\n    "scripts": {\n        "test": "node --test",\n        "lint": "eslint ."\n    },\n    "dependencies": {\n        "zod": "4.0.0",\n        "@modelcontextprotocol/server": "2.5.0"\n    }\n}\n';
    const r = mergePackageJson(current, wanted);
    expect(r.added).toEqual(['devDependencies.typescript', 'scripts.build']);
    expect(r.content).toBe(
      '{\n    "name": "x",\n    "scripts": {\n        "test": "node --test",\n        "lint": "eslint .",\n        "build": "tsc"\n    },\n' +
        '    "dependencies": {\n        "zod": "4.0.0",\n        "@modelcontextprotocol/server": "2.5.0"\n    },\n    "devDependencies": {\n        "typescript": "5.9.3"\n    }\n}\n',
    );
  });

  it('returns the file byte for byte when nothing is missing', () => {
    const current =
      '{"dependencies":{"@modelcontextprotocol/server":"^2.4.0"},"devDependencies":{"typescript":"latest"},"scripts":{"build":"b","test":"vitest"}}';
    expect(mergePackageJson(current, wanted)).toEqual({ content: current, added: [], raised: [], synced: [], unused: [], advice: [] });
  });

  it('with server.json generated, keeps mcpName and version those of the manifest, and says so', () => {
    const published = JSON.stringify({ ...JSON.parse(wanted), version: '0.2.0', mcpName: 'io.github.acme/weather' });
    const current =
      '{\n  "name": "weather",\n  "version": "0.1.0",\n  "dependencies": {"@modelcontextprotocol/server": "2.4.0"},\n  "devDependencies": {"typescript": "5.9.3"},\n  "scripts": {"build": "b", "test": "vitest"}\n}\n';
    const r = mergePackageJson(current, published);
    expect(r.synced).toEqual([
      { key: 'mcpName', from: '(none)', to: 'io.github.acme/weather' },
      { key: 'version', from: '0.1.0', to: '0.2.0' },
    ]);
    expect(JSON.parse(r.content)).toMatchObject({ name: 'weather', version: '0.2.0', mcpName: 'io.github.acme/weather' });
    expect(describeMerge(r)).toBe(
      'set mcpName (none) -> io.github.acme/weather (from the manifest, for server.json); set version 0.1.0 -> 0.2.0 (from the manifest, for server.json)',
    );
    // In step: nothing to do, the file is returned as it is.
    expect(mergePackageJson(r.content, published).content).toBe(r.content);
    // Without server.json (no mcpName wanted), the version is the user's: `npm version` is never undone.
    expect(mergePackageJson(current, wanted).synced).toEqual([]);
  });

  it("names a test script of the user's that does not run the generated vitest tests, and keeps it", () => {
    const r = mergePackageJson('{"name": "x", "scripts": {"test": "jest"}}', wanted);
    expect(JSON.parse(r.content).scripts.test).toBe('jest');
    expect(r.advice).toEqual(['scripts.test runs "jest", not the generated tests in test/, which need "vitest run"']);
    expect(describeMerge(r)).toContain('; scripts.test runs "jest"');
    expect(mergePackageJson('{"scripts": {"test": "vitest run --coverage"}}', wanted).advice).toEqual([]);
  });

  it('adds build:views to a project that gained a view, and names a build script of its own that does not run it', () => {
    const withViews = JSON.stringify({
      scripts: { build: 'npm run build:views && tsc -p tsconfig.json', 'build:views': 'node scripts/build-views.mjs' },
    });
    const r = mergePackageJson('{"scripts": {"build": "tsc -p tsconfig.json"}}', withViews);
    expect(JSON.parse(r.content).scripts).toEqual({ build: 'tsc -p tsconfig.json', 'build:views': 'node scripts/build-views.mjs' });
    expect(r.advice).toEqual([
      'scripts.build does not run build:views, so the build has no views for the server to serve: make it "npm run build:views && tsc -p tsconfig.json"',
    ]);
    expect(mergePackageJson('{"scripts": {"build": "npm run build:views && tsc"}}', withViews).advice).toEqual([]);
    // Without views, nothing is said about the build.
    expect(mergePackageJson('{"scripts": {"build": "tsc"}}', wanted).advice).toEqual([]);
  });

  it('leaves invalid JSON alone and says why', () => {
    const r = mergePackageJson('{ "name": ', wanted);
    expect(r.content).toBe('{ "name": ');
    expect(r.added).toEqual([]);
    expect(r.error).toMatch(/^package\.json is not valid JSON/);
  });

  it('raises pins older than the generated code needs, keeping the operator, and never lowers newer ones', () => {
    const current = JSON.stringify({
      dependencies: { '@modelcontextprotocol/server': '^2.3.1', zod: '4.0.0' },
      devDependencies: { typescript: '6.0.0' },
      scripts: { build: 'b', test: 'vitest' },
    });
    const r = mergePackageJson(current, wanted);
    expect(r.raised).toEqual([{ key: 'dependencies.@modelcontextprotocol/server', from: '^2.3.1', to: '^2.4.0' }]);
    expect(JSON.parse(r.content).dependencies).toEqual({ '@modelcontextprotocol/server': '^2.4.0', zod: '4.0.0' });
    expect(JSON.parse(r.content).devDependencies).toEqual({ typescript: '6.0.0' });
    expect(describeMerge(r)).toBe('raised dependencies.@modelcontextprotocol/server ^2.3.1 -> ^2.4.0');
  });

  it('counts a package kept in the other section as present, and raises it there', () => {
    const current = JSON.stringify({
      dependencies: { typescript: '5.0.0', '@modelcontextprotocol/server': '2.4.0' },
      scripts: { build: 'b', test: 'vitest' },
    });
    const r = mergePackageJson(current, wanted);
    expect(r.added).toEqual([]);
    expect(r.raised).toEqual([{ key: 'dependencies.typescript', from: '5.0.0', to: '5.9.3' }]);
    expect(JSON.parse(r.content).devDependencies).toBeUndefined();
  });

  it('leaves tags, paths and git specs alone', () => {
    for (const spec of ['latest', 'file:../sdk', 'github:org/sdk', 'workspace:*']) expect(isOlder(spec, '2.4.0')).toBe(false);
    expect(isOlder('>=2.0.0 <3', '2.4.0')).toBe(true);
    expect(isOlder('~2.4.1', '2.4.0')).toBe(false);
  });

  it('raises an engines.node range that allows a Node older than the generated code supports, and adds a missing one', () => {
    const withEngines = JSON.stringify({ ...JSON.parse(wanted), engines: { node: '>=22' } });
    const base = {
      dependencies: { '@modelcontextprotocol/server': '2.4.0' },
      devDependencies: { typescript: '5.9.3' },
      scripts: { build: 'b', test: 'vitest' },
    };
    const given: [unknown, unknown, string[]][] = [
      [{ node: '>=20' }, { node: '>=22' }, ['raised engines.node >=20 -> >=22']],
      [{ node: '^20.11.0 || ^22' }, { node: '>=22' }, ['raised engines.node ^20.11.0 || ^22 -> >=22']],
      [{ node: '>=24', npm: '>=10' }, { node: '>=24', npm: '>=10' }, []],
      [{ node: '22.x' }, { node: '22.x' }, []],
      [{ node: 'lts' }, { node: 'lts' }, []],
      [{ npm: '>=10' }, { npm: '>=10', node: '>=22' }, ['added engines.node']],
      [undefined, { node: '>=22' }, ['added engines.node']],
    ];
    for (const [engines, want, notes] of given) {
      const r = mergePackageJson(JSON.stringify({ ...base, ...(engines ? { engines } : {}) }), withEngines);
      expect(JSON.parse(r.content).engines, JSON.stringify(engines)).toEqual(want);
      expect(describeMerge(r)?.split('; ') ?? [], JSON.stringify(engines)).toEqual(notes);
    }
  });

  it('names packages a feature brought that the generated code no longer loads, and removes none', () => {
    const current = JSON.stringify({
      dependencies: { '@modelcontextprotocol/server': '2.4.0', ws: '8.0.0', express: '5.0.0' },
      devDependencies: { typescript: '5.9.3', '@types/ws': '8.0.0' },
      scripts: { build: 'b', test: 'vitest' },
    });
    const r = mergePackageJson(current, wanted, ['@modelcontextprotocol/server', 'typescript', 'ws', '@types/ws', 'jose']);
    expect(r.unused).toEqual(['dependencies.ws', 'devDependencies.@types/ws']);
    expect(r.content).toBe(current);
    expect(describeMerge(r)).toBe(
      'no longer loaded by the generated code: dependencies.ws, devDependencies.@types/ws (remove unless your own code imports them)',
    );
  });
});

describe('dockerNodeAdvice', () => {
  const ours = 'FROM node:24-slim AS build\nRUN npm ci\nFROM node:24-slim\n';
  const pkg = JSON.stringify({ engines: { node: '>=22' } });
  it('names a FROM node image below the engines floor, once, with the image mcp-gen writes', () => {
    expect(dockerNodeAdvice('FROM node:20-slim AS build\nFROM node:20-slim\n', ours, pkg)).toBe(
      'node:20-slim: below Node 22, the oldest generated projects support (package.json engines); the Dockerfile mcp-gen writes uses node:24-slim',
    );
    expect(dockerNodeAdvice('from docker.io/library/node:18 as b\nFROM node:22-alpine\n', ours, pkg)).toMatch(
      /^docker\.io\/library\/node:18: below Node 22/,
    );
  });
  it('is silent for a supported Node, another base image, or no engines to compare with', () => {
    expect(dockerNodeAdvice('FROM node:22-slim\n', ours, pkg)).toBeUndefined();
    expect(dockerNodeAdvice('FROM gcr.io/distroless/nodejs20\n', ours, pkg)).toBeUndefined();
    expect(dockerNodeAdvice('FROM node:20\n', ours, undefined)).toBeUndefined();
  });
});

describe('dockerOwnerAdvice', () => {
  const before =
    'FROM node:24-slim AS build\nCOPY --chown=node:node src ./src\nFROM node:24-slim\nCOPY --from=build --chown=node:node /app/dist ./dist\nCOPY --from=build --chown=node:node /app/node_modules ./node_modules\nUSER node\n';
  it("names a runtime stage that gives the app's files to another user than root", () => {
    expect(dockerOwnerAdvice(before)).toBe(
      "gives the app's files to node:node (COPY --chown), the user that runs the server, which can then rewrite its own code; the Dockerfile mcp-gen writes leaves them to root (COPY without --chown), read-only to that user",
    );
    const pkg = JSON.stringify({ engines: { node: '>=22' } });
    expect(keptFileAdvice('Dockerfile', before.replaceAll('node:24-slim', 'node:20-slim'), 'FROM node:24-slim\n', pkg)).toMatch(
      /^node:20-slim: below Node 22, .*; gives the app's files to node:node/,
    );
  });
  it('is silent when the running stage leaves its files to root, whatever the build stage does', () => {
    expect(
      dockerOwnerAdvice(
        'FROM node:24-slim AS build\nCOPY --chown=node:node . .\nFROM node:24-slim\nCOPY --from=build /app/dist ./dist\nUSER node\n',
      ),
    ).toBeUndefined();
    expect(dockerOwnerAdvice('FROM node:24-slim\nCOPY --chown=root:root dist ./dist\nCOPY --chown=0:0 x y\n')).toBeUndefined();
  });
});

describe('missingLinesAdvice', () => {
  const ours = '# Files mcp-gen writes\nnode_modules/\ndist/\n.mcp-gen/cache/\n*.mcpb\n';
  it('names the rules mcp-gen writes now that the kept file lacks', () => {
    expect(missingLinesAdvice('node_modules/\ndist/\n.mcp-gen/cache/\n', ours)).toBe(
      'lacks *.mcpb, which mcp-gen writes in new projects: add it unless left out on purpose',
    );
    expect(missingLinesAdvice('node_modules\n', ours)).toBe(
      'lacks dist/, .mcp-gen/cache/, *.mcpb, which mcp-gen writes in new projects: add them unless left out on purpose',
    );
  });
  it('is silent when every rule is there, in any order, with or without slashes at either end, among the user’s own', () => {
    expect(missingLinesAdvice('*.mcpb\r\n/node_modules\n# build\ndist\n.env\n.mcp-gen/cache\n', ours)).toBeUndefined();
  });
  it('compares attribute lines by their words, not their spacing', () => {
    expect(
      missingLinesAdvice('src/generated/**   linguist-generated=true\n', 'src/generated/** linguist-generated=true\n'),
    ).toBeUndefined();
  });
});

describe('package type and tsconfig.json of an existing project', () => {
  const esm = JSON.stringify({ type: 'module', scripts: { test: 'vitest run' } });

  it('names a CommonJS package, set or by default, and keeps it', () => {
    const set = mergePackageJson('{"type": "commonjs", "scripts": {"test": "vitest run"}}', esm);
    expect(JSON.parse(set.content).type).toBe('commonjs');
    expect(set.advice).toEqual(['"type" is "commonjs", but the generated server is ES modules: set "type": "module"']);
    expect(mergePackageJson('{"scripts": {"test": "vitest run"}}', esm).advice).toEqual([
      '"type" is not set (CommonJS), but the generated server is ES modules: set "type": "module"',
    ]);
    expect(mergePackageJson('{"type": "module", "scripts": {"test": "vitest run"}}', esm).advice).toEqual([]);
  });

  const ours = JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', outDir: 'dist' } });
  const cases: { name: string; given: string; want: string | undefined }[] = [
    {
      name: 'CommonJS output elsewhere, in JSON with comments and trailing commas',
      given: '{\n  // ours\n  "compilerOptions": {"module": "commonjs", "outDir": "./build/", /* old */},\n}\n',
      want: 'module is "commonjs", but the generated code needs "NodeNext" (ES modules, import.meta); outDir is "./build/", but npm start, the bundle and the Dockerfile run dist/main.js',
    },
    {
      name: 'the same options in another case and spelling',
      given: '{"compilerOptions": {"module": "nodenext", "outDir": "./dist/"}}',
      want: undefined,
    },
    { name: 'options left to an extended file', given: '{"extends": "../tsconfig.base.json"}', want: undefined },
    { name: 'a file tsc could not read either', given: '{"compilerOptions": ', want: undefined },
  ];
  it.each(cases)('tsconfig.json: $name', ({ given, want }) => {
    expect(tsconfigAdvice(given, ours)).toBe(want);
  });
});
