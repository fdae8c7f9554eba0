// The usage text of a generated server (`--help`): its lines stay within 120 columns however long the command's name
// and its list of toolsets, and a short name keeps the lines the usage always had.
import { describe, expect, it } from 'vitest';
import { runtimeCopies } from '../support/runtime-copy.js';

const at = runtimeCopies(['cli']);
const { usage, readCommandLine } = (await import(at('cli'))) as typeof import('../../templates/runtime/cli.js');

const http = { host: '127.0.0.1', port: 3000, path: '/mcp' };
const sets = Array.from({ length: 12 }, (_, i) => `toolset_number_${i}`);

describe('the usage text of a generated server', () => {
  it('wraps the options and the toolset names at 120 columns, keeping every one', () => {
    const lines = usage({
      name: 'x',
      version: '1.0.0',
      command: '@a-rather-long-organisation/an-even-longer-server-name-for-the-usage-line',
      transports: { stdio: true, http: true },
      http,
      toolsets: sets,
    }).split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(120);
    const text = lines.join('\n');
    for (const option of ['[--transport stdio|http|stdio,http]', '[--path PATH]', '[--toolsets SET,...]', '[--log-format json|pretty]'])
      expect(text).toContain(option);
    expect(text.match(/toolset_number_\d+/g)).toEqual(sets);
    // Continuation lines line up under the command and under the option's text.
    expect(lines[1]).toMatch(/^ {7}\[/);
    expect(lines.filter((l) => /^ {15}toolset_number/.test(l)).length).toBeGreaterThan(0);
  });

  it('keeps a short server name on the lines it always had', () => {
    const lines = usage({ name: 'weather', version: '1.0.0', transports: { stdio: true, http: false }, http }).split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'Usage: weather [--transport stdio|http|stdio,http] [--host HOST] [--port PORT] [--path PATH]',
      '       [--mock [--mock-seed N]] [--log-format json|pretty]',
    ]);
  });
});

describe('the command line', () => {
  const settings = { name: 'weather', version: '1.0.0', transports: { stdio: true, http: false }, http };

  it('takes flags over variables over the manifest, and refuses a transport the manifest turned off', () => {
    const line = readCommandLine(settings, ['--port', '8080'], { MCP_PORT: '9090', MCP_HOST: '::1', MCP_MOCK: 'yes' });
    expect(line).toMatchObject({ port: 8080, host: '::1', path: '/mcp', mock: { seed: 1 }, transports: new Set(['stdio']) });
    expect(() => readCommandLine(settings, ['--transport', 'http'], {})).toThrow(
      'the http transport is turned off in the manifest (transports.http)',
    );
    expect(() => readCommandLine(settings, ['--port', '70000'], {})).toThrow('--port must be a port number, not "70000"');
    expect(() => readCommandLine(settings, ['--mock', '--mock-seed', '1.5'], {})).toThrow('--mock-seed must be an integer, not "1.5"');
    expect(() => readCommandLine(settings, ['--toolsets', 'a'], {})).toThrow(/Unknown option '--toolsets'/);
  });
});
