import { describe, expect, it } from 'vitest';
import { mergePackageJson } from '../../../generator/write/merge-package-json.js';

const wanted = JSON.stringify({
  dependencies: { '@modelcontextprotocol/server': '2.4.0' },
  devDependencies: { typescript: '5.9.3' },
  scripts: { build: 'tsc', test: 'vitest run' },
});

describe('mergePackageJson', () => {
  it('adds only what is missing, at the end of each section, keeping order, versions and indentation', () => {
    const current = '{\n    "name": "x",\n    "scripts": {\n        "test": "node --test",\n        "lint": "eslint ."\n    },\n    "dependencies": {\n        "zod": "4.0.0",\n        "@modelcontextprotocol/server": "2.3.0"\n    }\n}\n';
    const r = mergePackageJson(current, wanted);
    expect(r.added).toEqual(['devDependencies.typescript', 'scripts.build']);
    expect(r.content).toBe(
      '{\n    "name": "x",\n    "scripts": {\n        "test": "node --test",\n        "lint": "eslint .",\n        "build": "tsc"\n    },\n' +
        '    "dependencies": {\n        "zod": "4.0.0",\n        "@modelcontextprotocol/server": "2.3.0"\n    },\n    "devDependencies": {\n        "typescript": "5.9.3"\n    }\n}\n',
    );
  });

  it('returns the file byte for byte when nothing is missing', () => {
    const current = '{"dependencies":{"@modelcontextprotocol/server":"1"},"devDependencies":{"typescript":"x"},"scripts":{"build":"b","test":"t"}}';
    expect(mergePackageJson(current, wanted)).toEqual({ content: current, added: [] });
  });

  it('leaves invalid JSON alone and says why', () => {
    const r = mergePackageJson('{ "name": ', wanted);
    expect(r.content).toBe('{ "name": ');
    expect(r.added).toEqual([]);
    expect(r.error).toMatch(/^package\.json is not valid JSON/);
  });
});
