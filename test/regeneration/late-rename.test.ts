// A tool renamed without renamedFrom looks like a removal and an addition: the old handler is orphaned and the new
// name gets a stub. renamedFrom added on a later run must still move the old handler, as long as nobody has written
// into that stub; once they have, both files stay and the run says why.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../support/project.js';

const manifest = (name: string, extra = '') => `version: 1
server: {name: late-rename, version: 1.0.0}
tools:
  ${name}:${extra}
    description: Forecast for a city
    inputSchema: {type: object, properties: {city: {type: string}}, required: [city]}
  other:
    description: Another tool
`;

const OLD = 'src/handlers/tools/get_forecast.ts';
const NEW = 'src/handlers/tools/forecast.ts';
const USER_LINE = '// user: the forecast logic, written by hand';

let dir: string;
const read = (path: string) => readFileSync(join(dir, path), 'utf8');
const generate = (text: string, ...args: string[]) => {
  writeFileSync(join(dir, 'mcp.yaml'), text);
  return runCli(['generate', '--no-check', ...args], dir);
};

describe('renamedFrom added a run after the rename', () => {
  beforeEach(() => {
    dir = tempDir('late-rename-');
    expect(generate(manifest('get_forecast')).code).toBe(0);
    writeFileSync(join(dir, OLD), `${read(OLD)}${USER_LINE}\n`);
    const r = generate(manifest('forecast'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`create   ${NEW}`);
    expect(r.stdout).toContain(
      `orphaned ${OLD}: tools.get_forecast is no longer in the manifest: left in place, unregistered (edited, so --prune keeps it); if it became tools.forecast, add renamedFrom: get_forecast there and run generate again`,
    );
  });

  it('moves the orphaned handler over the untouched stub once renamedFrom is added, and check sees the move coming', () => {
    const late = manifest('forecast', '\n    renamedFrom: get_forecast');
    writeFileSync(join(dir, 'mcp.yaml'), late);
    const stale = runCli(['check'], dir);
    expect(stale.code).toBe(1);
    expect(stale.stdout + stale.stderr).toContain(OLD);

    const r = generate(late);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`rename   ${OLD} -> ${NEW}: renamed from ${OLD} (getForecast -> forecast), in place of its untouched stub`);
    expect(existsSync(join(dir, OLD))).toBe(false);
    const moved = read(NEW);
    expect(moved).toContain(USER_LINE);
    expect(moved).toContain("export const forecast: ToolHandler<'forecast'>");
    expect(moved).not.toContain('getForecast');
    // Done: the next run has nothing to move and nothing to report.
    const again = generate(late);
    expect(again.stdout).not.toMatch(/rename|orphaned/);
    expect(runCli(['check'], dir).code).toBe(0);
  });

  it('keeps both files, and says so, when the new stub was edited before renamedFrom came', () => {
    writeFileSync(join(dir, NEW), `${read(NEW)}// user: started again in the new file\n`);
    const before = { old: read(OLD), new: read(NEW) };
    const r = generate(manifest('forecast', '\n    renamedFrom: get_forecast'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      `kept     ${NEW}: not renamed from ${OLD} (renamedFrom: get_forecast), since this file changed after mcp-gen created it; move the code you want over by hand, then delete ${OLD}`,
    );
    expect(r.stdout).toContain(`orphaned ${OLD}`);
    expect({ old: read(OLD), new: read(NEW) }).toEqual(before);
  });

  it("says the file is the user's own when they wrote it at the new name before mcp-gen did", () => {
    const fresh = tempDir('late-rename-own-');
    writeFileSync(join(fresh, 'mcp.yaml'), manifest('get_forecast'));
    expect(runCli(['generate', '--no-check'], fresh).code).toBe(0);
    writeFileSync(join(fresh, NEW), `${USER_LINE}\n`);
    writeFileSync(join(fresh, 'mcp.yaml'), manifest('forecast', '\n    renamedFrom: get_forecast'));
    const r = runCli(['generate', '--no-check'], fresh);
    expect(r.stdout).toContain(
      `kept     ${NEW}: not renamed from ${OLD} (renamedFrom: get_forecast), since this file is one of yours, not one mcp-gen created; move the code you want over by hand, then delete ${OLD}`,
    );
    expect(readFileSync(join(fresh, NEW), 'utf8')).toBe(`${USER_LINE}\n`);
  });

  it('gives no rename hint when the new entries are of another kind or more than one', () => {
    const r = generate(manifest('other_a').replace('  other:', '  other_b:'));
    expect(r.stdout).toContain('orphaned src/handlers/tools/forecast.ts: tools.forecast is no longer in the manifest');
    expect(r.stdout).not.toContain('renamedFrom');
  });
});

it("renames an untouched stub into the new entry's stub, which names the new entry and file", () => {
  dir = tempDir('rename-stub-');
  expect(generate(manifest('get_forecast')).code).toBe(0);
  const stub = (name: string, file: string) => {
    const r = generate(manifest(name));
    expect(r.code, r.stderr).toBe(0);
    return read(file);
  };
  const fresh = stub('forecast', NEW);
  generate(manifest('get_forecast'), '--prune');
  const r = generate(manifest('forecast', '\n    renamedFrom: get_forecast'));
  expect(r.stdout).toContain(`rename   ${OLD} -> ${NEW}`);
  expect(read(NEW)).toBe(fresh);
  expect(read(NEW)).toContain("notImplemented('tool', 'forecast', 'src/handlers/tools/forecast.ts')");
});

it('renamedFrom a run late over an untouched stub leaves the stub a fresh one would be, formatted as created', () => {
  dir = tempDir('late-rename-stub-');
  expect(generate(manifest('get_forecast')).code).toBe(0);
  const r1 = generate(manifest('forecast'));
  expect(r1.stdout).toContain(`create   ${NEW}`);
  const fresh = read(NEW);
  const r2 = generate(manifest('forecast', '\n    renamedFrom: get_forecast'));
  expect(r2.stdout).toContain(`rename   ${OLD} -> ${NEW}: renamed from ${OLD} (getForecast -> forecast), in place of its untouched stub`);
  expect(read(NEW)).toBe(fresh);
  expect(read(NEW)).toContain("export const forecast: ToolHandler<'forecast'>");
});
