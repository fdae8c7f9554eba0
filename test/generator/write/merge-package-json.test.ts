import { describe, expect, it } from 'vitest';
import { describeMerge, isOlder, mergePackageJson } from '../../../generator/write/merge-package-json.js';

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
      '{"dependencies":{"@modelcontextprotocol/server":"^2.4.0"},"devDependencies":{"typescript":"latest"},"scripts":{"build":"b","test":"t"}}';
    expect(mergePackageJson(current, wanted)).toEqual({ content: current, added: [], raised: [], synced: [] });
  });

  it('with server.json generated, keeps mcpName and version those of the manifest, and says so', () => {
    const published = JSON.stringify({ ...JSON.parse(wanted), version: '0.2.0', mcpName: 'io.github.acme/weather' });
    const current =
      '{\n  "name": "weather",\n  "version": "0.1.0",\n  "dependencies": {"@modelcontextprotocol/server": "2.4.0"},\n  "devDependencies": {"typescript": "5.9.3"},\n  "scripts": {"build": "b", "test": "t"}\n}\n';
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
      scripts: { build: 'b', test: 't' },
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
      scripts: { build: 'b', test: 't' },
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
});
