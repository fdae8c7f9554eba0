// The project's own TypeScript compiler, run as a child process with an incremental build kept in the project's
// cache folder: loading a compiler into mcp-gen's process and re-reading the SDK's declarations on every run cost
// seconds, while the native compiler (TypeScript 7) with its .tsbuildinfo answers a one-file change in well under one.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeEscape } from '../core/index.js';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Per-project scratch space of mcp-gen (incremental build info, the `check` mirror); ignored by git. */
export const CACHE_DIR = '.mcp-gen/cache';

export interface Compiler {
  /** What to execute and the arguments that precede ours. */
  command: string;
  args: string[];
  version: string;
}

export interface CompilerDiagnostic {
  /** As the compiler printed it: relative to the folder it ran in. */
  file: string;
  line: number;
  column: number;
  code: number;
  category: 'error' | 'warning' | 'suggestion' | 'message';
  /** The first line of the message chain. */
  text: string;
  /** The rest of the chain, each line more specific than the one before (the compiler's elaboration). */
  chain: string[];
}

/**
 * The compiler installed in the project. TypeScript 7 ships a native executable in a per-platform package; calling
 * it directly saves starting Node for its launcher. Older versions (and a native package that cannot be found) run
 * through the package's own `bin/tsc` on this Node.
 */
export function findCompiler(root: string): Compiler | undefined {
  const pkgFile = join(root, 'node_modules', 'typescript', 'package.json');
  let pkg: { version?: string; bin?: Record<string, string> | string };
  try {
    pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  } catch {
    return undefined;
  }
  const version = pkg.version ?? '0';
  if (Number.parseInt(version, 10) >= 7) {
    try {
      const native = createRequire(pkgFile).resolve(`@typescript/typescript-${process.platform}-${process.arch}/package.json`);
      const exe = join(dirname(native), 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
      if (existsSync(exe)) return { command: exe, args: [], version };
    } catch {
      // Fall through to the launcher, which explains a missing platform package itself.
    }
  }
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.tsc;
  if (!bin) return undefined;
  const launcher = join(dirname(pkgFile), bin);
  return existsSync(launcher) ? { command: process.execPath, args: [launcher], version } : undefined;
}

/** Creates the cache folder with a .gitignore of its own, so projects generated before it existed ignore it too. */
export function ensureCacheDir(root: string): string {
  const dir = join(root, CACHE_DIR);
  // The compiler writes its build info here: a link planted on the way must not lead its writes (or ours) out.
  const leak = writeEscape(root, `${CACHE_DIR}/.gitignore`);
  if (leak) throw new Error(`refusing to write ${CACHE_DIR}: ${leak}`);
  mkdirSync(dir, { recursive: true });
  const ignore = join(dir, '.gitignore');
  if (!existsSync(ignore)) writeFileSync(ignore, '# mcp-gen scratch space (incremental type-check), safe to delete\n*\n');
  return dir;
}

export interface CompileResult {
  diagnostics: CompilerDiagnostic[];
  /** Set when the compiler did not run to the end (crashed, killed, not executable). */
  failure?: string;
}

/** `tsc -p <config> --noEmit --incremental`, its diagnostics parsed from the plain (`--pretty false`) format. */
export function typeCheck(compiler: Compiler, cwd: string, config: string, buildInfo: string): Promise<CompileResult> {
  const args = [...compiler.args, '-p', config, '--noEmit', '--incremental', '--tsBuildInfoFile', buildInfo, '--pretty', 'false'];
  return new Promise((resolve) => {
    execFile(compiler.command, args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, windowsHide: true }, (err, stdout, stderr) => {
      const diagnostics = parseDiagnostics(stdout);
      const code = err ? (err as { code?: unknown }).code : 0;
      // tsc exits 1 or 2 when it reports errors; anything else with nothing parsed means it did not do its job.
      if (err && !(typeof code === 'number' && code <= 2 && (diagnostics.length > 0 || /error TS\d+/.test(stdout)))) {
        const detail = `${stderr}${stdout}`.trim().split('\n')[0] || err.message;
        return resolve({ diagnostics, failure: `the project's TypeScript compiler (${compiler.version}) failed: ${detail}` });
      }
      resolve({ diagnostics });
    });
  });
}

const LOCATED = /^(.+)\((\d+),(\d+)\): (error|warning|suggestion|message) TS(\d+): (.*)$/;

/** `file(line,col): error TS1234: text`, continuation lines of a message chain indented below it. */
export function parseDiagnostics(output: string): CompilerDiagnostic[] {
  const out: CompilerDiagnostic[] = [];
  for (const line of output.split(/\r?\n/)) {
    const m = LOCATED.exec(line);
    if (!m) {
      // Indented lines continue the message above; a located one among them is related information, not the chain.
      if (/^\s+\S/.test(line) && !/^\s+\S+\(\d+,\d+\): /.test(line)) out.at(-1)?.chain.push(line.trim());
      continue;
    }
    out.push({
      file: m[1].split('\\').join('/'),
      line: Number(m[2]),
      column: Number(m[3]),
      category: m[4] as CompilerDiagnostic['category'],
      code: Number(m[5]),
      text: m[6],
      chain: [],
    });
  }
  return out;
}
