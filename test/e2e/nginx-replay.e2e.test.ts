// The generated deploy/nginx.conf never sends a tool call twice. Two replicas behind the real nginx on loopback, a
// tool with a side effect (a line appended to a file) that then takes its time: the replica running it is killed
// mid-call. nginx must answer the client with an error rather than run the call again on the other replica; the
// same setup with `non_idempotent` added back shows the side effect executed twice.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, generateProject, tempDir } from '../support/project.js';
import { binary, freePort, Nginx, Replica } from '../support/scale-cluster.js';

const MANIFEST = `version: 1
server: {name: replayed, version: 1.0.0}
transports: {stdio: false, http: true}
deploy: {compose: true, replicas: 1}
tools:
  charge:
    description: Charges once (a line in the ledger file), then takes the given milliseconds to answer.
    inputSchema: {type: object, properties: {ms: {type: integer}}, required: [ms]}
`;

const CHARGE = `import { appendFileSync } from 'node:fs';
import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const charge: ToolHandler<'charge'> = async (input) => {
  appendFileSync(process.env.LEDGER!, \`\${process.env.MCP_REPLICA_ID}\\n\`);
  await new Promise((resolve) => setTimeout(resolve, input.ms));
  return text('charged');
};
`;

const missing = !binary('nginx');
if (missing) console.warn('nginx replay e2e skipped: nginx not installed (.ci/run installs it)');

describe.skipIf(missing)('nginx in front of two replicas: a replica killed mid-call', () => {
  let dir: string;
  let conf: string;
  const replicas: Replica[] = [];
  const ledger = join(tempDir('mcp-gen-ledger-'), 'ledger');
  const lines = () => (existsSync(ledger) ? readFileSync(ledger, 'utf8').split('\n').filter(Boolean) : []);

  beforeAll(async () => {
    dir = generateProject(MANIFEST);
    writeFileSync(join(dir, 'src/handlers/tools/charge.ts'), CHARGE);
    buildProject(dir);
    conf = readFileSync(join(dir, 'deploy', 'nginx.conf'), 'utf8');
    for (const name of ['r1', 'r2']) replicas.push(new Replica(dir, await freePort(), name, { LEDGER: ledger }));
    await Promise.all(replicas.map((r) => r.start()));
  }, 300_000);

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
  });

  /** Calls charge through nginx, kills the replica that runs it, and returns what the client got and the ledger. */
  async function killMidCall(nginxConf: string): Promise<{ outcome: string; ledger: string[] }> {
    writeFileSync(ledger, '');
    const nginx = new Nginx(
      await freePort(),
      tempDir('mcp-gen-nginx-'),
      replicas.map((r) => r.port),
      nginxConf,
    );
    await nginx.start();
    const client = new Client({ name: 'replay', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(nginx.url)));
      const call = client.callTool({ name: 'charge', arguments: { ms: 1500 } }).then(
        (r) => `answered: ${(r.content as { text: string }[])[0].text}`,
        (e: Error) => `failed: ${e.message}`,
      );
      while (lines().length === 0) await new Promise((r) => setTimeout(r, 10));
      const victim = replicas.find((r) => r.name === lines()[0])!;
      await new Promise<void>((resolve) => {
        victim.child!.once('exit', () => resolve());
        victim.child!.kill('SIGKILL');
      });
      victim.child = undefined;
      const outcome = await call;
      const result = { outcome, ledger: lines() };
      await victim.start();
      return result;
    } finally {
      await client.close().catch(() => undefined);
      await nginx.stop();
    }
  }

  it('the generated nginx.conf answers 502 and the tool ran once', async () => {
    expect(conf).toMatch(/^\s*proxy_next_upstream error timeout http_502 http_503;$/m);
    const { outcome, ledger: ran } = await killMidCall(conf);
    expect(outcome).toMatch(/^failed: .*502 Bad Gateway/s);
    expect(ran).toHaveLength(1);
  }, 60_000);

  it('the premise: with non_idempotent, nginx runs the call again on the other replica', async () => {
    const replaying = conf.replace(/proxy_next_upstream ([^;]*);/, 'proxy_next_upstream $1 non_idempotent;');
    const { outcome, ledger: ran } = await killMidCall(replaying);
    expect(outcome).toBe('answered: charged');
    expect(ran).toHaveLength(2);
    expect(new Set(ran).size).toBe(2); // once on each replica
  }, 60_000);

  it('a replica that is down before the call (connection refused) is skipped: the call runs once, elsewhere', async () => {
    writeFileSync(ledger, '');
    const nginx = new Nginx(
      await freePort(),
      tempDir('mcp-gen-nginx-'),
      replicas.map((r) => r.port),
      conf,
    );
    await nginx.start();
    const down = replicas[0];
    await down.stop();
    const client = new Client({ name: 'replay', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(nginx.url)));
      for (let i = 0; i < 4; i++) {
        const r = await client.callTool({ name: 'charge', arguments: { ms: 1 } });
        expect((r.content as { text: string }[])[0].text).toBe('charged');
      }
      expect(lines()).toEqual(['r2', 'r2', 'r2', 'r2']);
    } finally {
      await client.close().catch(() => undefined);
      await nginx.stop();
      await down.start();
    }
  }, 60_000);
});
