// Runs a Dockerfile's steps on this machine, without a container engine (none can pull images here): each stage is a
// folder standing for its filesystem root, WORKDIR/COPY/ENV/RUN do what they say inside it, and the last stage's
// CMD, HEALTHCHECK, USER and EXPOSE are returned for the caller to start and probe. What this cannot show: the base
// image itself (its Node version and the `node` user), which the test checks by name.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { tempDir } from './project.js';

export interface Stage {
  name: string;
  image: string;
  /** The folder standing for the stage's `/`. */
  root: string;
  workdir: string;
  env: Record<string, string>;
  user?: string;
  expose: string[];
  cmd?: string[];
  healthcheck?: string[];
  /** Every RUN command, in order. */
  runs: string[];
}

/** Instructions, one per entry, with continuation lines joined and comments dropped. */
export function instructions(text: string): { op: string; args: string }[] {
  const joined = text.replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [op] = l.split(/\s+/);
      return { op: op!.toUpperCase(), args: l.slice(op!.length).trim() };
    });
}

/** Executes every step; returns the stages, the last being the image that runs. */
export function runDockerfile(text: string, context: string, env: Record<string, string> = {}): Stage[] {
  const stages: Stage[] = [];
  let stage: Stage | undefined;
  const inside = (s: Stage, path: string) => join(s.root, posix.resolve(s.workdir, path));
  for (const { op, args } of instructions(text)) {
    if (op === 'FROM') {
      const [image, as, name] = args.split(/\s+/);
      stage = {
        name: as?.toUpperCase() === 'AS' ? name! : String(stages.length),
        image: image!,
        root: tempDir('stage-'),
        workdir: '/',
        env: {},
        expose: [],
        runs: [],
      };
      stages.push(stage);
      continue;
    }
    if (!stage) throw new Error(`${op} before FROM`);
    const s = stage;
    switch (op) {
      case 'WORKDIR':
        s.workdir = posix.resolve(s.workdir, args);
        mkdirSync(join(s.root, s.workdir), { recursive: true });
        break;
      case 'ENV':
        for (const m of args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) s.env[m[1]!] = m[2]!.replace(/^"|"$/g, '');
        break;
      case 'COPY': {
        const words = args.split(/\s+/);
        const from = words.find((w) => w.startsWith('--from='))?.slice(7);
        const paths = words.filter((w) => !w.startsWith('--'));
        const dest = paths.pop()!;
        const source = from ? stages.find((x) => x.name === from)! : undefined;
        for (const pattern of paths) {
          for (const src of expand(source ? inside(source, pattern) : join(context, pattern))) {
            const target = dest.endsWith('/') ? join(inside(s, dest), basename(src)) : inside(s, dest);
            mkdirSync(dirname(target), { recursive: true });
            cpSync(src, target, { recursive: true, verbatimSymlinks: true });
          }
        }
        break;
      }
      case 'RUN':
        s.runs.push(args);
        execFileSync('sh', ['-c', args], {
          cwd: join(s.root, s.workdir),
          env: { ...process.env, ...env, ...s.env },
          stdio: 'pipe',
          timeout: 300_000,
        });
        break;
      case 'USER':
        s.user = args;
        break;
      case 'EXPOSE':
        s.expose.push(...args.split(/\s+/));
        break;
      case 'CMD':
        s.cmd = JSON.parse(args);
        break;
      case 'HEALTHCHECK':
        s.healthcheck = JSON.parse(args.slice(args.indexOf('CMD') + 3).trim());
        break;
      default:
        throw new Error(`unsupported instruction ${op}`);
    }
  }
  return stages;
}

/** `name*` matches the file or nothing, as in Docker's COPY (used for an optional lockfile). */
function expand(path: string): string[] {
  if (!path.includes('*')) return [path];
  const dir = dirname(path);
  const re = new RegExp(
    `^${basename(path)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')}$`,
  );
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => re.test(n))
        .map((n) => join(dir, n))
    : [];
}
