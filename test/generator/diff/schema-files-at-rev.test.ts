// Schema files of a manifest read at a git revision come from that revision (git's object database), never from
// the working tree, under the same rules as on disk: inside the manifest's folder, links included.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { schemaFilesAtRev } from '../../../generator/diff/schema-files-at-rev.js';
import type { FileRead } from '../../../generator/load/schema-files/source.js';
import { runCli, tempDir } from '../../support/project.js';

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  });
}

const MANIFEST = `version: 1
server: {name: atlas, version: 1.0.0}
schemaFiles: true
tools:
  get_city:
    description: Facts about one city, looked up by its name.
    inputSchema:
      type: object
      properties:
        city: {$ref: './schemas/city.json'}
      required: [city]
`;
const city = (required: string[]) =>
  JSON.stringify({ type: 'object', properties: { name: { type: 'string' }, country: { type: 'string' } }, required });
const text = (r: FileRead) => (r.ok ? r.bytes.toString('utf8') : `${r.code}: ${r.reason}`);

let repo: string;
let project: string;
beforeAll(() => {
  repo = tempDir('mcp-gen-files-at-rev-');
  project = join(repo, 'servers', 'atlas');
  mkdirSync(join(project, 'schemas', 'sub'), { recursive: true });
  git(repo, 'init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'secret.json'), '{"const": "secret"}');
  writeFileSync(join(project, 'mcp.yaml'), MANIFEST);
  writeFileSync(join(project, 'schemas', 'city.json'), city(['name']));
  writeFileSync(join(project, 'schemas', 'sub', 'deep.yaml'), 'type: string\n');
  symlinkSync('city.json', join(project, 'schemas', 'alias.json'));
  symlinkSync('../../../secret.json', join(project, 'schemas', 'out.json'));
  symlinkSync('loop.json', join(project, 'schemas', 'loop.json'));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  // The working tree moves on: the schema file changes, another disappears, and a new one is not committed.
  writeFileSync(join(project, 'schemas', 'city.json'), city(['name', 'country']));
  rmSync(join(project, 'schemas', 'sub', 'deep.yaml'));
  writeFileSync(join(project, 'schemas', 'new.json'), '{}');
});

describe('schemaFilesAtRev', () => {
  const cases: { name: string; given: string; want: string | RegExp }[] = [
    { name: "the committed content, not the working tree's", given: 'schemas/city.json', want: city(['name']) },
    { name: 'a file deleted since', given: 'schemas/sub/deep.yaml', want: 'type: string\n' },
    { name: 'a link inside the folder is followed', given: 'schemas/alias.json', want: city(['name']) },
    { name: 'a link out of the folder is refused', given: 'schemas/out.json', want: /^schema\/file-outside: is a link to a file outside/ },
    {
      name: 'a link to itself ends',
      given: 'schemas/loop.json',
      want: /^schema\/file-unreadable: is a link that loops$/,
    },
    {
      name: 'a file not committed does not exist there',
      given: 'schemas/new.json',
      want: /^schema\/file-not-found: does not exist at revision HEAD$/,
    },
    { name: 'a folder', given: 'schemas/sub', want: /^schema\/file-not-regular: is a folder/ },
    { name: 'inside a missing folder', given: 'nope/x.json', want: /^schema\/file-not-found/ },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    // The two spellings readManifestSpec produces: `./mcp.yaml` beside the manifest, or a path from the root.
    for (const files of [schemaFilesAtRev('HEAD', './mcp.yaml', project), schemaFilesAtRev('HEAD', 'servers/atlas/mcp.yaml', repo)]) {
      const got = text(files.read(given));
      if (typeof want === 'string') expect(got).toBe(want);
      else expect(got).toMatch(want);
    }
  });

  it('a manifest at the repository root', () => {
    const root = tempDir('mcp-gen-files-at-rev-root-');
    git(root, 'init', '-q', '-b', 'main');
    writeFileSync(join(root, 'a.json'), '{"type": "null"}');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'a');
    expect(text(schemaFilesAtRev('HEAD', 'mcp.yaml', root).read('a.json'))).toBe('{"type": "null"}');
    expect(text(schemaFilesAtRev('HEAD', './mcp.yaml', root).read('a.json'))).toBe('{"type": "null"}');
  });
});

describe('mcp-gen diff reads schema files at the revision', () => {
  it('--against HEAD: only the referenced file changed in the working tree, and diff sees it', () => {
    const r = runCli(['diff', '--against', 'HEAD', '--format', 'json'], project);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout);
    expect(report.summary).toEqual({ breaking: 1, risky: 0, safe: 0 });
    expect(JSON.stringify(report.changes)).toContain('country');
  });

  it('two revisions that differ only in a schema file', () => {
    const second = tempDir('mcp-gen-files-at-rev-two-');
    git(second, 'init', '-q', '-b', 'main');
    mkdirSync(join(second, 'schemas'));
    writeFileSync(join(second, 'mcp.yaml'), MANIFEST);
    writeFileSync(join(second, 'schemas', 'city.json'), city(['name']));
    git(second, 'add', '-A');
    git(second, 'commit', '-q', '-m', 'one');
    writeFileSync(join(second, 'schemas', 'city.json'), city(['name', 'country']));
    git(second, 'commit', '-q', '-am', 'two');
    // The working tree goes back to the first version: a diff of the two commits must not read it.
    writeFileSync(join(second, 'schemas', 'city.json'), city(['name']));
    const r = runCli(['diff', 'HEAD~1', 'HEAD', '--format', 'json'], second);
    expect(JSON.parse(r.stdout).summary).toEqual({ breaking: 1, risky: 0, safe: 0 });
    const same = runCli(['diff', 'HEAD~1', '--format', 'json'], second);
    expect(JSON.parse(same.stdout).summary).toEqual({ breaking: 0, risky: 0, safe: 0 });
  });

  it('a schema file missing at BASE fails the diff with its reason', () => {
    const third = tempDir('mcp-gen-files-at-rev-missing-');
    git(third, 'init', '-q', '-b', 'main');
    writeFileSync(join(third, 'mcp.yaml'), MANIFEST);
    git(third, 'add', '-A');
    git(third, 'commit', '-q', '-m', 'manifest only');
    mkdirSync(join(third, 'schemas'));
    writeFileSync(join(third, 'schemas', 'city.json'), city(['name']));
    const r = runCli(['diff', '--against', 'HEAD'], third);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /HEAD:mcp\.yaml:10:22: error tools\.get_city\.inputSchema\.properties\.city\.\$ref: \$ref "\.\/schemas\/city\.json": schemas\/city\.json does not exist at revision HEAD/,
    );
    expect(r.stderr).toMatch(/BASE \(HEAD:mcp\.yaml\) is not a valid manifest/);
  });
});
