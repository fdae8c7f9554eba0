// The main job, end to end: scaffold a server with `mcp-gen init`, install and build it, drive it with a real MCP
// client over stdio, then serve it over Streamable HTTP until Ctrl-C. `--no-serve` stops after the client run.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const root = resolve(import.meta.dirname, '..');
const dir = join(root, 'demo');
const serve = !process.argv.includes('--no-serve');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const step = (title) => console.log(`\n== ${title}`);

if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
step('mcp-gen init demo --template weather');
execFileSync(process.execPath, [join(root, 'bin', 'mcp-gen.js'), 'init', dir, '--name', 'weather-demo'], { stdio: 'inherit' });
// init writes stubs that answer "not implemented yet"; the demo shows the server doing its job, so it takes the
// implemented handlers of examples/weather (same manifest entries, same exports) in their place.
step('the handlers, implemented (from examples/weather)');
for (const path of ['src/handlers/tools/get_forecast.ts', 'src/handlers/resource-templates/city_weather.ts', 'src/data']) {
  cpSync(join(root, 'examples', 'weather', path), join(dir, path), { recursive: true });
  console.log(`  ${path}`);
}
step('npm install && npm run build');
execFileSync(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
execFileSync(npm, ['run', 'build', '--silent'], { cwd: dir, stdio: 'inherit' });

step('an MCP client over stdio');
const client = new Client({ name: 'mcp-gen-demo', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(dir, 'dist', 'main.js')], stderr: 'ignore' }));
const { tools } = await client.listTools();
for (const t of tools) console.log(`tool ${t.name}: ${t.description ?? ''}`);
const result = await client.callTool({ name: 'get_forecast', arguments: { city: 'Paris' } });
console.log('tools/call get_forecast ->', JSON.stringify(result.content));
const current = await client.readResource({ uri: 'weather://Lima/current' });
console.log('resources/read weather://Lima/current ->', JSON.stringify(current.contents[0].text));
const prompt = await client.getPrompt({ name: 'plan_trip', arguments: { city: 'Lima', days: '4' } });
console.log('prompts/get plan_trip ->', JSON.stringify(prompt.messages[0].content));
await client.close();

if (serve) {
  step('serving over Streamable HTTP (Ctrl-C to stop)');
  const child = spawn(process.execPath, [join(dir, 'dist', 'main.js'), '--transport', 'http'], { stdio: 'inherit' });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}
