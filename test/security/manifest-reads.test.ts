// A manifest from a pull request is read by CI before anyone reviews it (`mcp-gen fmt --check` is the first step of
// examples/ci). Committed as a link to /proc/self/environ it would print the CI's environment; as a link to a file
// outside the repository, quote that file; as a link to /dev/zero or a pipe, never end. Each attack is performed for
// real on every command that reads a manifest, with the CLI in a child process under a deadline: the command ends
// with one error naming the file and the reason, exit 1, no stack trace, nothing of what the link points to in its
// output, and nothing written.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, tempDir } from '../support/project.js';

const MANIFEST = 'version: 1\nserver: {name: guarded, version: 1.0.0}\ntools:\n  hello: {description: Says hello to the caller.}\n';
const CANARY = `canary-${randomBytes(8).toString('hex')}`;
const SECRET = `secret-${randomBytes(8).toString('hex')}`;
/** A valid manifest holding the secret: read, it would be printed by docs, quoted by fmt --check, diffed by diff. */
const SECRET_MANIFEST = `version: 1\nserver: {name: stolen, version: 1.0.0, description: ${SECRET}}\ntools:\n  ${SECRET.replace('-', '_')}: {description: ${SECRET}}\n`;
const SPEC = join(ROOT, 'test', 'fixtures-import', 'acme-pets.openapi.yaml');
const DEADLINE_MS = 30_000;

interface Run {
  code: number | null;
  out: string;
  /** Still running at the deadline (killed then). */
  hung: boolean;
}

/**
 * The CLI in `cwd`, with the canary in its environment. `until`: a long-running command (watch) is stopped with
 * SIGTERM once its output matches.
 */
function run(args: string[], cwd: string, until?: RegExp, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', MCP_GEN_CANARY: CANARY, ...env },
    });
    let out = '';
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, DEADLINE_MS);
    const take = (chunk: Buffer) => {
      out += chunk.toString();
      if (until?.test(out)) child.kill('SIGTERM');
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, out, hung });
    });
  });
}

/** Every name under `dir`, links not followed: what a refused run must leave exactly as it was. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

/** A project folder beside an outside folder holding a secret manifest; `plant` puts the hostile mcp.yaml. */
function setUp(plant: (manifest: string, outside: string) => void): { dir: string; outside: string } {
  const root = tempDir('mcp-gen-manifest-read-');
  const dir = join(root, 'project');
  const outside = join(root, 'outside');
  mkdirSync(dir);
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.yaml'), SECRET_MANIFEST);
  writeFileSync(join(dir, 'base.yaml'), MANIFEST);
  plant(join(dir, 'mcp.yaml'), outside);
  return { dir, outside };
}

const REASON = "cannot read the manifest: it is a link to /proc/\\d+/environ, outside the manifest's folder";
const attacks: { name: string; plant: (manifest: string, outside: string) => void; want: RegExp }[] = [
  {
    name: 'a link to /proc/self/environ',
    plant: (m) => symlinkSync('/proc/self/environ', m),
    want: new RegExp(REASON),
  },
  {
    name: 'a link to a file outside the project',
    plant: (m, outside) => symlinkSync(join(outside, 'secret.yaml'), m),
    want: /cannot read the manifest: it is a link to \/\S+\/outside\/secret\.yaml, outside the manifest's folder/,
  },
  {
    name: 'a link to /dev/zero',
    plant: (m) => symlinkSync('/dev/zero', m),
    want: /cannot read the manifest: it is a link to \/dev\/zero, outside the manifest's folder/,
  },
  {
    name: 'a pipe',
    plant: (m) => execFileSync('mkfifo', [m]),
    want: /cannot read the manifest: it is not a regular file \(a device, pipe or socket\), and is never read/,
  },
  {
    name: 'a file larger than 64 MiB',
    plant: (m) => {
      writeFileSync(m, MANIFEST);
      truncateSync(m, 64 * 1024 * 1024 + 1);
    },
    want: /cannot read the manifest: it is larger than 64 MiB/,
  },
];

/** Every command that reads a manifest, as CI or a developer runs it in the project folder. */
const commands: { name: string; args: string[]; until?: RegExp }[] = [
  { name: 'validate', args: ['validate'] },
  { name: 'validate --json', args: ['validate', '--json'] },
  { name: 'generate', args: ['generate'] },
  { name: 'generate --watch', args: ['generate', '--watch', '--no-check'], until: /watching mcp\.yaml/ },
  { name: 'check', args: ['check'] },
  { name: 'lint', args: ['lint'] },
  { name: 'docs', args: ['docs'] },
  { name: 'docs --check', args: ['docs', '-o', 'base.yaml', '--check'] },
  { name: 'fmt', args: ['fmt'] },
  { name: 'fmt --check', args: ['fmt', '--check'] },
  { name: 'diff (HEAD)', args: ['diff', 'base.yaml'] },
  { name: 'diff (BASE)', args: ['diff', 'mcp.yaml', 'base.yaml'] },
  { name: 'import --merge', args: ['import', 'openapi', SPEC, '--merge'] },
];

describe.each(commands)('$name', ({ args, until }) => {
  it.each(attacks)('refuses $name: one error naming the file, nothing read through it, nothing written', async ({ plant, want }) => {
    const { dir, outside } = setUp(plant);
    const before = { project: listing(dir), outside: listing(outside) };
    const r = await run(args, dir, until);
    expect(r.hung, r.out).toBe(false);
    expect(r.out).toMatch(args.includes('--json') ? /"file": "mcp\.yaml"/ : /(^|\n)(mcp-gen: error: )?mcp\.yaml:? /);
    expect(r.out).toMatch(want);
    if (!until) expect(r.code, r.out).toBe(1);
    expect(r.out).not.toContain(CANARY);
    expect(r.out).not.toContain(SECRET);
    expect(r.out).not.toMatch(/\n\s+at /);
    expect({ project: listing(dir), outside: listing(outside) }).toEqual(before);
  });
});

describe("the manifest's folder is its project", () => {
  it('a link to a file inside the folder is followed', async () => {
    const { dir } = setUp((m) => {
      mkdirSync(join(m, '..', 'manifests'));
      writeFileSync(join(m, '..', 'manifests', 'real.yaml'), MANIFEST);
      symlinkSync(join('manifests', 'real.yaml'), m);
    });
    expect(await run(['validate'], dir)).toMatchObject({ code: 0, out: 'mcp.yaml: ok\n' });
    expect((await run(['generate', '--no-check', '-q'], dir)).code).toBe(0);
    expect(listing(dir)).toContain(join('src', 'handlers', 'tools', 'hello.ts'));
  });

  it.each([
    {
      name: 'a relative link up out of it',
      plant: (m: string) => symlinkSync('../outside/secret.yaml', m),
      want: /outside\/secret\.yaml, outside the manifest's folder/,
    },
    {
      name: 'a link to a link that leaves',
      plant: (m: string, outside: string) => {
        symlinkSync(join(outside, 'secret.yaml'), join(m, '..', 'inner.yaml'));
        symlinkSync('inner.yaml', m);
      },
      want: /outside\/secret\.yaml, outside the manifest's folder/,
    },
    {
      name: 'a link to a pipe inside the folder',
      plant: (m: string) => {
        execFileSync('mkfifo', [join(m, '..', 'pipe')]);
        symlinkSync('pipe', m);
      },
      want: /it is not a regular file/,
    },
    { name: 'a link that loops', plant: (m: string) => symlinkSync('mcp.yaml', m), want: /it is a link that loops/ },
  ])('$name is refused', async ({ plant, want }) => {
    const { dir } = setUp(plant);
    const r = await run(['validate'], dir);
    expect(r).toMatchObject({ code: 1, hung: false });
    expect(r.out).toMatch(want);
    expect(r.out).not.toContain(SECRET);
  });

  it('a manifest named from the working directory, in a folder that is a link out of it, is refused', async () => {
    const { dir, outside } = setUp(() => {});
    writeFileSync(join(outside, 'mcp.yaml'), SECRET_MANIFEST);
    symlinkSync(outside, join(dir, 'server'));
    for (const args of [
      ['validate', '-m', 'server/mcp.yaml'],
      ['docs', '-m', 'server/mcp.yaml'],
      ['generate', '-m', 'server/mcp.yaml'],
    ]) {
      const r = await run(args, dir);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toMatch(
        /server\/mcp\.yaml:? .*cannot read the manifest: its folder is a link to \/\S+\/outside, outside the working directory/,
      );
      expect(r.out).not.toContain(SECRET);
    }
    expect(listing(outside)).toEqual(['mcp.yaml', 'secret.yaml']);
  });

  it('the quick up-to-date answer does not vouch for a manifest swapped for a link out, with the same text', async () => {
    const cache = tempDir('mcp-gen-cache-');
    const { dir, outside } = setUp((m) => writeFileSync(m, MANIFEST));
    const env = { XDG_CACHE_HOME: cache };
    expect((await run(['generate', '--no-check', '-q'], dir, undefined, env)).code).toBe(0);
    // Twice: the second run verifies the tree and records the stat signatures the quick answer uses.
    expect((await run(['generate', '--no-check'], dir, undefined, env)).out).toMatch(/^up to date/);
    expect((await run(['generate', '--no-check'], dir, undefined, env)).out).toMatch(/^up to date/);
    writeFileSync(join(outside, 'same.yaml'), MANIFEST);
    rmSync(join(dir, 'mcp.yaml'));
    symlinkSync(join(outside, 'same.yaml'), join(dir, 'mcp.yaml'));
    const r = await run(['generate', '--no-check'], dir, undefined, env);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/mcp\.yaml: error cannot read the manifest: it is a link to \/\S+\/same\.yaml, outside the manifest's folder/);
  });
});

// `mcp-gen import openapi` reads someone else's document, in CI too: the same attacks, planted as the document.
describe('import openapi', () => {
  it.each(attacks)(
    'refuses $name as the document: one error naming it, nothing read through it, nothing written',
    async ({ plant, want }) => {
      const { dir, outside } = setUp(() => {});
      plant(join(dir, 'api.yaml'), outside);
      const before = { project: listing(dir), outside: listing(outside) };
      const r = await run(['import', 'openapi', 'api.yaml'], dir);
      expect(r.hung, r.out).toBe(false);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toMatch(
        new RegExp(
          `api\\.yaml: ${want.source.replaceAll("the manifest's folder", "the OpenAPI document's folder").replace('the manifest', 'the OpenAPI document')}`,
        ),
      );
      expect(r.out).not.toContain(CANARY);
      expect(r.out).not.toContain(SECRET);
      expect(r.out).not.toMatch(/\n\s+at /);
      expect({ project: listing(dir), outside: listing(outside) }).toEqual(before);
    },
  );
});
