// The targets a manifest lists, read leniently (validation reports what is malformed), and the facts about each
// platform that the schema repeats for editors.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listedTargets, readItem, stdioServed, TARGET_NAMES, TARGETS, workerName } from '../../../generator/core/index.js';
import { ROOT } from '../../support/project.js';

const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'manifest.schema.json'), 'utf8'));

describe('targets', () => {
  it('names the targets the schema has, and gives settings to those its TargetSettings lists', () => {
    expect([...TARGET_NAMES]).toEqual(schema.definitions.Target.enum);
    expect(Object.keys(TARGETS)).toEqual([...TARGET_NAMES]);
    expect(TARGET_NAMES.filter((t) => TARGETS[t].settings)).toEqual(Object.keys(schema.definitions.TargetSettings.properties));
    expect(schema.properties.targets.default).toEqual(['node']);
  });

  it('lists node alone without targets, or with targets that are no list', () => {
    for (const m of [{}, { targets: 'workers' }, { targets: { workers: {} } }, null, 'x'])
      expect(listedTargets(m)).toEqual([{ name: 'node', index: 0, settings: {} }]);
  });

  it('lists each well-formed item once, where it first stands, with its settings', () => {
    const targets = [
      'deno',
      'nodes',
      { vercel: { maxDuration: 60 } },
      'deno',
      { node: {} },
      { lambda: 3 },
      { workers: {}, bun: {} },
      7,
      [],
    ];
    expect(listedTargets({ targets })).toEqual([
      { name: 'deno', index: 0, settings: {} },
      { name: 'vercel', index: 2, settings: { maxDuration: 60 } },
      { name: 'lambda', index: 5, settings: {} },
    ]);
    expect(listedTargets({ targets: [] })).toEqual([]);
  });

  it('reads an item as a name or a one-key map of a target that takes settings', () => {
    expect(readItem('bun')).toEqual({ name: 'bun', settings: {} });
    expect(readItem({ workers: { name: 'x' } })).toEqual({ name: 'workers', settings: { name: 'x' } });
    for (const item of ['Bun', { bun: {} }, { workers: {}, vercel: {} }, {}, null, 1, ['node'], { __proto__: { node: {} } }])
      expect(readItem(item)).toBeUndefined();
  });

  it('makes a Worker name of the server name', () => {
    expect(workerName('notes')).toBe('notes');
    expect(workerName('@acme/Notes Server')).toBe('notes-server');
    expect(workerName('--Weather__MCP--')).toBe('weather-mcp');
    expect(workerName('ünïcode')).toBe('n-code');
    expect(workerName('!!!')).toBe('mcp-server');
    const long = workerName(`${'a'.repeat(62)}-b`);
    expect(long).toBe('a'.repeat(62));
    expect(long).toMatch(new RegExp(schema.definitions.WorkersTarget.properties.name.pattern));
  });

  it('serves stdio from the node entry: on by default with node listed, never without', () => {
    expect(stdioServed({})).toBe(true);
    expect(stdioServed({ targets: ['workers', 'node'] })).toBe(true);
    expect(stdioServed({ transports: { stdio: false } })).toBe(false);
    expect(stdioServed({ targets: ['workers'] })).toBe(false);
    expect(stdioServed({ targets: ['deno'], transports: { stdio: true } })).toBe(false);
  });
});
