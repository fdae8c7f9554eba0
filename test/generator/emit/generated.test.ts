// The usage text of the generated entry: a template literal, so its lines are lines of entry.gen.ts, which stay
// within 120 columns however long the server's name and its list of toolsets.
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../generator/core/index.js';
import { emitProject } from '../../../generator/emit/index.js';
import { loadManifest } from '../../../generator/load/index.js';
import { buildServerModel } from '../../../generator/model/index.js';

async function usageOf(manifest: string): Promise<string[]> {
  const loaded = loadManifest('/virtual/mcp.yaml', manifest);
  const model = await buildServerModel(loaded.data as Manifest, { manifestPath: '/virtual/mcp.yaml', outDir: '/virtual' });
  const entry = emitProject(model).get('src/generated/entry.gen.ts')!.content;
  const start = entry.indexOf('const usage = `');
  return entry.slice(start, entry.indexOf('`;', start) + 2).split('\n');
}

const sets = Array.from({ length: 12 }, (_, i) => `toolset_number_${i}`);
const MANY = `version: 1
server: {name: '@a-rather-long-organisation/an-even-longer-server-name-for-the-usage-line', version: 1.0.0}
toolsets:
${sets.map((s) => `  ${s}: {tools: [ping]}`).join('\n')}
tools:
  ping: {description: Answers pong.}
`;

describe('the usage text of entry.gen.ts', () => {
  it('wraps the options and the toolset names at 120 columns, keeping every one', async () => {
    const lines = await usageOf(MANY);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(120);
    const text = lines.join('\n');
    for (const option of ['[--transport stdio|http|stdio,http]', '[--path PATH]', '[--toolsets SET,...]', '[--log-format json|pretty]'])
      expect(text).toContain(option);
    expect(text.match(/toolset_number_\d+/g)).toEqual(sets);
    // Continuation lines line up under the command and under the option's text.
    expect(lines[1]).toMatch(/^ {7}\[/);
    expect(lines.filter((l) => /^ {15}toolset_number/.test(l)).length).toBeGreaterThan(0);
  });

  it('keeps a short server name on the lines it always had', async () => {
    const lines = await usageOf('version: 1\nserver: {name: weather, version: 1.0.0}\ntools:\n  ping: {description: Answers pong.}\n');
    expect(lines.slice(0, 2)).toEqual([
      'const usage = `Usage: weather [--transport stdio|http|stdio,http] [--host HOST] [--port PORT] [--path PATH]',
      '       [--mock [--mock-seed N]] [--log-format json|pretty]',
    ]);
  });
});
