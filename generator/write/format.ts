// Generated TypeScript goes through Biome's formatter (the native binary of the @biomejs/biome package mcp-gen depends
// on), so what a team reviews reads like hand-written code: single quotes, semicolons, at most 120 columns where a
// line can be broken. One process formats every file of a run (~70 ms for a small project; loading Biome's WebAssembly
// build into this process cost ~600 ms, which the edit loop cannot afford). Runtime copies are formatted in this
// repository already (biome.json holds the same settings for templates/runtime/), and user files only when they are
// about to be created: once written, they are the user's.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmittedFile } from '../emit/index.js';
import { wrapDocComments } from '../model/index.js';

export { wrapDocComments };

/** The generated code's style. biome.json applies the same to templates/runtime/ (a test keeps them equal). */
export const GENERATED_STYLE = {
  formatter: { indentStyle: 'space', indentWidth: 2, lineWidth: 120 },
  javascript: { formatter: { quoteStyle: 'single', trailingCommas: 'all', semicolons: 'always', arrowParentheses: 'always' } },
} as const;

const BINARIES: Record<string, string> = {
  'win32-x64': '@biomejs/cli-win32-x64/biome.exe',
  'win32-arm64': '@biomejs/cli-win32-arm64/biome.exe',
  'darwin-x64': '@biomejs/cli-darwin-x64/biome',
  'darwin-arm64': '@biomejs/cli-darwin-arm64/biome',
  'linux-x64': '@biomejs/cli-linux-x64/biome',
  'linux-arm64': '@biomejs/cli-linux-arm64/biome',
  'linux-musl-x64': '@biomejs/cli-linux-x64-musl/biome',
  'linux-musl-arm64': '@biomejs/cli-linux-arm64-musl/biome',
};

export interface FormatResult {
  files: Map<string, EmittedFile>;
  /** Why nothing was formatted (no Biome binary for this platform, or Biome failed); the code is still valid. */
  warning?: string;
}

/** Which emitted files to format: TypeScript the generator wrote, not a runtime copy, and user files not yet on disk. */
export function needsFormat(outDir: string, path: string, file: EmittedFile): boolean {
  if (!path.endsWith('.ts') || file.preformatted) return false;
  return file.owner === 'generator' || !existsSync(join(outDir, path));
}

export function formatEmitted(outDir: string, files: Map<string, EmittedFile>): FormatResult {
  const paths = [...files].filter(([path, file]) => needsFormat(outDir, path, file)).map(([path]) => path);
  if (paths.length === 0) return { files };
  const formatted = formatTypeScript(paths.map((p) => files.get(p)!.content));
  if (typeof formatted === 'string') return { files, warning: formatted };
  const out = new Map(files);
  paths.forEach((path, i) => out.set(path, { ...files.get(path)!, content: wrapDocComments(formatted[i]!) }));
  return { files: out };
}

/** Formats each source; returns the reason instead when Biome cannot run. */
export function formatTypeScript(sources: readonly string[]): string[] | string {
  const binary = biomeBinary();
  if (!binary) return `no Biome binary for ${process.platform}-${process.arch}: generated files are left unformatted`;
  // A private folder (mkdtemp, mode 0700) outside the project: watchers of src/ must not see these copies.
  const dir = mkdtempSync(join(tmpdir(), 'mcp-gen-format-'));
  try {
    writeFileSync(join(dir, 'biome.json'), JSON.stringify({ ...GENERATED_STYLE, files: { maxSize: 256 * 1024 * 1024 } }));
    const names = sources.map((source, i) => {
      const name = join(dir, `${i}.ts`);
      writeFileSync(name, source);
      return name;
    });
    // Run inside the private folder: from a working directory above it (/tmp, or / in a container) Biome takes the
    // folder's configuration for a nested root one, refuses it, and formats nothing.
    const run = spawnSync(binary, ['format', '--write', `--config-path=${dir}`, '--no-errors-on-unmatched', ...names], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, BIOME_DISTRIBUTION: 'npm' },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.error) return `Biome could not run (${run.error.message}): generated files are left unformatted`;
    if (run.status !== 0 && /configuration/i.test(run.stderr)) {
      const reason =
        run.stderr
          .split('\n')
          .find((l) => l.includes('×'))
          ?.replace(/^\s*×\s*/, '') ?? 'a configuration error';
      return `Biome refused its configuration (${reason.trim()}): generated files are left unformatted`;
    }
    // A file Biome cannot parse stays as emitted (its type check names the problem); the others are formatted.
    return names.map((name) => readFileSync(name, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function biomeBinary(): string | undefined {
  const override = process.env.BIOME_BINARY;
  if (override) return override;
  // npm installs only the package matching this machine (libc included), so the first that resolves is the one.
  const key = `${process.platform}-${process.arch}`;
  for (const pkg of [BINARIES[key], BINARIES[key.replace('linux-', 'linux-musl-')]]) {
    if (!pkg) continue;
    try {
      return createRequire(import.meta.url).resolve(pkg);
    } catch {}
  }
  return undefined;
}
