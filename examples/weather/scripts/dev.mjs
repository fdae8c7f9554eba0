// `npm run dev`: the server from source, restarting on every change (tsx watch), next to the type-checker watching
// the same files (tsc --watch, incremental): every save gets its verdict on stderr, beside the server's log, while
// stdout stays the server's own (over stdio it carries the protocol). Arguments go to the server.
// With MCP Apps views, the server serves their built files: they are built first, and the server restarts when
// `npm run build:views` writes them again.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** A package's bin script, found through its package.json (bins are not exports). */
function bin(pkg, name) {
  const file = require.resolve(`${pkg}/package.json`);
  const { bin } = require(file);
  return join(dirname(file), typeof bin === 'string' ? bin : bin[name]);
}

/** TypeScript 7 is a native executable: run it directly, so that stopping it stops the compiler, not a launcher. */
function compiler() {
  try {
    const native = require.resolve(`@typescript/typescript-${process.platform}-${process.arch}/package.json`, { paths: [dirname(require.resolve('typescript/package.json'))] });
    const exe = join(dirname(native), 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
    if (existsSync(exe)) return [exe, []];
  } catch {
    // TypeScript 5 and older: its bin runs on Node.
  }
  return [process.execPath, [bin('typescript', 'tsc')]];
}

const viewsBuild = join('scripts', 'build-views.mjs');
const hasViews = existsSync(viewsBuild);
if (hasViews) {
  const built = spawnSync(process.execPath, [viewsBuild], { stdio: ['ignore', 2, 2] });
  if (built.status !== 0) {
    console.error('the views did not build (above): fix them, then npm run dev again');
    process.exit(built.status ?? 1);
  }
}

const [tscCommand, tscArgs] = compiler();
const tsc = spawn(tscCommand, [...tscArgs, '-p', 'tsconfig.json', '--noEmit', '--watch', '--preserveWatchOutput', '--incremental', '--tsBuildInfoFile', '.mcp-gen/cache/dev.tsbuildinfo'], { stdio: ['ignore', 2, 2] });
const server = spawn(process.execPath, [bin('tsx', 'tsx'), 'watch', ...(hasViews ? ['--include', 'dist/ui/*.html'] : []), 'src/main.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
server.on('exit', (code, signal) => {
  tsc.kill();
  process.exitCode = code ?? (signal ? 1 : 0);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
