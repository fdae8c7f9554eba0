// The weather example's AWS Lambda and Vercel entries, in process as their platforms call them: the Lambda handler
// with API Gateway HTTP API and Function URL events (payload 2.0), the Vercel function's default export with web
// Requests on its vercel.app name. Real SDK clients in both eras (2025-era clients served without a session), the
// platform's own names accepted and others refused, an oversized body, and the auth project's token. Then the shared
// store on a real redis-server: two instances of each function (two copies of the built code, each with its own
// module state, as two platform instances are) counting tool limits together.
import { cpSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fromJsonSchema } from '@modelcontextprotocol/client';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depsDir } from '../support/generated-deps.js';
import { writeToolHandler } from '../support/platform-projects.js';
import { FRONT_HOSTS, type Front, lambdaContext, toEvent, toResponse } from '../support/lambda-events.js';
import {
  authProject,
  connect,
  exerciseAuth,
  exerciseBothEras,
  expectForeign,
  type Fetch,
  initialize,
  oversized,
  TOKEN,
  weatherProject,
} from '../support/platform-checks.js';
import { buildProject, generateProject, tempDir } from '../support/project.js';
import { binary, freePort, RedisServer } from '../support/scale-cluster.js';

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
type VercelFunction = { fetch(request: Request): Promise<Response> };

let weatherDir: string;
let guardedDir: string;
let manifest: any;

beforeAll(() => {
  const weather = weatherProject();
  weatherDir = weather.dir;
  manifest = weather.manifest;
  process.env.MCP_TOKEN = TOKEN;
  guardedDir = authProject();
}, 180_000);

const load = async <T>(file: string): Promise<T> => (await import(pathToFileURL(file).href)) as T;

describe.each(['http-api', 'function-url'] as const)('lambda behind %s', (front: Front) => {
  let handler: LambdaHandler;
  /** A client's requests as the front delivers them, on the host it answers (or another). */
  const through =
    (h: LambdaHandler, host?: string): Fetch =>
    async (input, init) => {
      const event = await toEvent(new Request(input, init), front, host);
      const result = await h(event, lambdaContext());
      // Buffered: the whole answer is one string, never base64 for JSON or an event stream.
      expect(result.isBase64Encoded ?? false).toBe(false);
      return toResponse(result);
    };
  const url = `https://${FRONT_HOSTS[front]}/mcp`;

  beforeAll(async () => {
    ({ handler } = await load<{ handler: LambdaHandler }>(join(weatherDir, 'dist', 'generated', 'lambda.gen.js')));
  });

  it('serves both eras to real clients, each request its own invocation', async () => {
    await exerciseBothEras(url, manifest, through(handler), false);
  });

  it('answers a 2025-era request with its event stream as text', async () => {
    const response = await through(handler)(initialize(url));
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await response.text()).toMatch(/^event: message\ndata: \{"result":\{"protocolVersion":"2025-11-25"/);
  });

  it("refuses a Host that is not the platform's, and a browser from another site", async () => {
    await expectForeign(await through(handler, 'evil.example')(initialize(url)), /Invalid Host/);
    await expectForeign(await through(handler, `${FRONT_HOSTS[front]}.evil.example`)(initialize(url)), /Invalid Host/);
    await expectForeign(await through(handler)(initialize(url, { origin: 'https://evil.example' })), /Invalid Origin/);
    expect((await through(handler)(initialize(url, { origin: `https://${FRONT_HOSTS[front]}` }))).status).toBe(200);
  });

  it('refuses a body past the limit with 413', async () => {
    expect((await through(handler)(oversized(url))).status).toBe(413);
  });

  it('refuses a wrong token and serves the right one', async () => {
    const { handler: guarded } = await load<{ handler: LambdaHandler }>(join(guardedDir, 'dist', 'generated', 'lambda.gen.js'));
    await exerciseAuth(url, through(guarded));
  });

  it('template.yaml hands the events to the handler the tests call, with the manifest timeout', () => {
    const template = readFileSync(join(weatherDir, 'template.yaml'), 'utf8');
    expect(template).toContain('Handler: dist/generated/lambda.gen.handler');
    expect(template).toContain('Timeout: 30');
  });
});

describe('vercel', () => {
  let fn: VercelFunction;
  const HOST = 'weather-git-main-team.vercel.app';
  const url = `https://${HOST}/mcp`;
  /** Requests as Vercel hands them to the function: the Host header is the deployment's name. */
  const through =
    (f: VercelFunction, host = HOST): Fetch =>
    (input, init) => {
      const request = new Request(input, init);
      request.headers.set('host', host);
      return f.fetch(request);
    };

  beforeAll(async () => {
    // api/mcp.js, the function Vercel deploys, re-exports the compiled entry.
    fn = (await load<{ default: VercelFunction }>(join(weatherDir, 'api', 'mcp.js'))).default;
  });

  it('vercel.json sends the MCP path and the card to the function', () => {
    const config = JSON.parse(readFileSync(join(weatherDir, 'vercel.json'), 'utf8'));
    expect(config.rewrites).toEqual([
      { source: '/mcp', destination: '/api/mcp' },
      { source: '/mcp/server-card', destination: '/api/mcp' },
      { source: '/.well-known/mcp/:file*', destination: '/api/mcp' },
    ]);
    expect(Object.keys(config.functions)).toEqual(['api/mcp.js']);
  });

  it('serves both eras to real clients', async () => {
    await exerciseBothEras(url, manifest, through(fn), false);
  });

  it('refuses a Host that is not its own and a browser from another vercel.app site', async () => {
    await expectForeign(await through(fn, 'evil.example')(initialize(url)), /Invalid Host/);
    await expectForeign(await through(fn, 'weather.vercel.app.evil.example')(initialize(url)), /Invalid Host/);
    await expectForeign(await through(fn)(initialize(url, { origin: 'https://attacker.vercel.app' })), /Invalid Origin/);
    expect((await through(fn)(initialize(url, { origin: `https://${HOST}` }))).status).toBe(200);
  });

  it('refuses a body past the limit with 413', async () => {
    expect((await through(fn)(oversized(url))).status).toBe(413);
  });

  it('refuses a wrong token and serves the right one', async () => {
    const guarded = (await load<{ default: VercelFunction }>(join(guardedDir, 'api', 'mcp.js'))).default;
    await exerciseAuth(url, through(guarded));
  });
});

const { Redis } = createRequire(join(depsDir(), 'node_modules', 'index.js'))('ioredis') as typeof import('ioredis');

/**
 * What only a store shared by the instances can hold: a rate limit and one call at a time, and on vercel tasks (Lambda
 * freezes an instance once it has answered, so nothing would run them there).
 */
function storeProject(target: 'lambda' | 'vercel'): string {
  const tasks = `  crunch:
    description: Works through some steps as a task
    inputSchema:
      type: object
      properties:
        steps: {type: integer, minimum: 0}
        stepMs: {type: integer, minimum: 0}
      required: [steps, stepMs]
    execution: {taskSupport: optional}
`;
  const dir = generateProject(`version: 1
server: {name: shared, version: 1.0.0}
targets: [node, ${target}]
transports: {stdio: false, http: {path: /mcp}}
scale: {store: redis}
tools:
  limited:
    description: Two calls a minute
    policy: {rateLimit: {requests: 2, windowMs: 60000}}
  slow:
    description: One call at a time
    policy: {maxConcurrency: 1}
${target === 'vercel' ? tasks : ''}`);
  const handler = (name: string, body: string) => writeToolHandler(dir, name, body);
  handler('limited', " return text('ok'); ");
  handler('slow', " await new Promise((r) => setTimeout(r, 600)); return text('done'); ");
  if (target === 'vercel')
    handler(
      'crunch',
      ` for (let step = 1; step <= input.steps; step++) {
    await new Promise((r) => setTimeout(r, input.stepMs));
    if (ctx.signal.aborted) throw ctx.signal.reason;
  }
  return text(\`crunched \${input.steps} as \${ctx.task.id ?? 'a request'}\`); `,
    );
  buildProject(dir);
  // A second instance: the same code loaded again from another place, so that nothing in memory is shared.
  cpSync(join(dir, 'dist'), join(dir, 'dist-b'), { recursive: true });
  return dir;
}

const refusedWith = (reason: string) => ({ code: -32003, data: expect.objectContaining({ reason }) });

describe.skipIf(!binary('redis-server'))('the shared store (scale.store redis), two instances of each function', () => {
  let redis: RedisServer;
  let direct: import('ioredis').Redis;
  const dirs = {} as Record<'lambda' | 'vercel', string>;

  beforeAll(async () => {
    dirs.lambda = storeProject('lambda');
    dirs.vercel = storeProject('vercel');
    redis = new RedisServer(await freePort(), tempDir('platform-redis-'));
    await redis.start();
    direct = new Redis(redis.url);
    // Read by each instance at its first request, as a function reads its environment.
    process.env.MCP_STORE_URL = redis.url;
    process.env.MCP_REQUEST_STATE_KEY = 'platform-state-key-0123456789abcdef0123456789';
  }, 180_000);

  afterAll(async () => {
    direct?.disconnect();
    await redis?.stop();
  });

  const instances = {
    lambda: async (): Promise<[Fetch, Fetch]> => {
      const url = (d: string) => join(dirs.lambda, d, 'generated', 'lambda.gen.js');
      const [a, b] = await Promise.all(['dist', 'dist-b'].map((d) => load<{ handler: LambdaHandler }>(url(d))));
      const through =
        (h: LambdaHandler): Fetch =>
        async (input, init) =>
          toResponse(await h(await toEvent(new Request(input, init), 'function-url'), lambdaContext()));
      return [through(a.handler), through(b.handler)];
    },
    vercel: async (): Promise<[Fetch, Fetch]> => {
      const a = (await load<{ default: VercelFunction }>(join(dirs.vercel, 'api', 'mcp.js'))).default;
      const b = (await load<{ default: VercelFunction }>(join(dirs.vercel, 'dist-b', 'generated', 'vercel.gen.js'))).default;
      const through =
        (f: VercelFunction): Fetch =>
        (input, init) => {
          const request = new Request(input, init);
          request.headers.set('host', 'shared.vercel.app');
          request.headers.set('x-real-ip', '198.51.100.9');
          return f.fetch(request);
        };
      return [through(a), through(b)];
    },
  };
  const URLS = { lambda: `https://${FRONT_HOSTS['function-url']}/mcp`, vercel: 'https://shared.vercel.app/mcp' };

  describe.each(['lambda', 'vercel'] as const)('%s', (platform) => {
    let one: Fetch;
    let two: Fetch;
    const url = URLS[platform];

    beforeAll(async () => {
      await direct.flushall();
      [one, two] = await instances[platform]();
    });

    it('counts a rate limit across instances: the third call in the window is refused, whichever instance takes it', async () => {
      const [a, b] = await Promise.all([connect(url, 'modern', one), connect(url, 'modern', two)]);
      try {
        expect((await a.callTool({ name: 'limited', arguments: {} })).content).toEqual([{ type: 'text', text: 'ok' }]);
        expect((await b.callTool({ name: 'limited', arguments: {} })).content).toEqual([{ type: 'text', text: 'ok' }]);
        await expect(b.callTool({ name: 'limited', arguments: {} })).rejects.toMatchObject(refusedWith('rateLimit'));
        await expect(a.callTool({ name: 'limited', arguments: {} })).rejects.toMatchObject(refusedWith('rateLimit'));
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('holds maxConcurrency across instances: a call on one is refused while the other runs one, and served after', async () => {
      const [a, b] = await Promise.all([connect(url, 'modern', one), connect(url, 'modern', two)]);
      try {
        const running = a.callTool({ name: 'slow', arguments: {} });
        await new Promise((r) => setTimeout(r, 200));
        await expect(b.callTool({ name: 'slow', arguments: {} })).rejects.toMatchObject(refusedWith('maxConcurrency'));
        expect((await running).content).toEqual([{ type: 'text', text: 'done' }]);
        expect((await b.callTool({ name: 'slow', arguments: {} })).content).toEqual([{ type: 'text', text: 'done' }]);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('serves on when the keys it reads hold garbage', async () => {
      // The rate counter the calls above left, and the concurrency slots' key (gone once its last slot was freed).
      const keys = [...(await direct.keys('mcp:shared:r:*')), 'mcp:shared:c:slow\u0000'];
      expect(keys.length).toBeGreaterThan(1);
      for (const key of keys) await direct.set(key, 'garbage');
      const [a, b] = await Promise.all([connect(url, 'modern', one), connect(url, 'modern', two)]);
      try {
        for (const client of [a, b]) {
          const answer = await client.callTool({ name: 'limited', arguments: {} }).catch((error: Error) => error);
          // A tool's answer or a JSON-RPC error, never a crash; and the instance serves on.
          if (answer instanceof Error) expect(answer).toHaveProperty('code');
          expect((await client.callTool({ name: 'slow', arguments: {} })).content).toEqual([{ type: 'text', text: 'done' }]);
          expect((await client.listTools()).tools.map((t) => t.name).slice(0, 2)).toEqual(['limited', 'slow']);
        }
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it.runIf(platform === 'vercel')(
      "runs a task on one instance, kept running by Vercel's waitUntil, and another reads, waits for and cancels it",
      async () => {
        // Vercel's runtime hands each request's waitUntil to @vercel/functions through this global.
        const kept: { settled: boolean }[] = [];
        const context = Symbol.for('@vercel/request-context');
        const globals = globalThis as Record<symbol, unknown>;
        globals[context] = {
          get: () => ({
            waitUntil: (work: Promise<unknown>) => {
              const entry = { settled: false };
              kept.push(entry);
              void work.finally(() => (entry.settled = true));
            },
          }),
        };
        const [a, b] = await Promise.all([connect(url, 'legacy', one), connect(url, 'legacy', two)]);
        const call = (args: object) =>
          a.request({ method: 'tools/call', params: { name: 'crunch', arguments: args, task: { ttl: 60_000 } } }, anyResult);
        const get = (taskId: string) => b.request({ method: 'tasks/get', params: { taskId } }, anyResult);
        try {
          const { task } = await call({ steps: 4, stepMs: 150 });
          expect(task.status).toBe('working');
          expect(await get(task.taskId)).toMatchObject({ taskId: task.taskId, status: 'working' });
          // Well after tools/call has answered, the instance is still kept for the handler, which works on.
          await new Promise((r) => setTimeout(r, 250));
          expect(kept.some((k) => !k.settled)).toBe(true);
          const result = await b.request({ method: 'tasks/result', params: { taskId: task.taskId } }, anyResult);
          expect(result.content).toEqual([{ type: 'text', text: `crunched 4 as ${task.taskId}` }]);
          expect((await get(task.taskId)).status).toBe('completed');
          await new Promise((r) => setTimeout(r, 50));
          expect(kept.every((k) => k.settled)).toBe(true);

          // A cancel made on the other instance reaches the one running the task, whose handler then ends.
          const { task: long } = await call({ steps: 100, stepMs: 100 });
          expect((await b.request({ method: 'tasks/cancel', params: { taskId: long.taskId } }, anyResult)).status).toBe('cancelled');
          for (let i = 0; i < 40 && kept.some((k) => !k.settled); i++) await new Promise((r) => setTimeout(r, 50));
          expect(kept.every((k) => k.settled)).toBe(true);
          expect((await a.request({ method: 'tasks/get', params: { taskId: long.taskId } }, anyResult)).status).toBe('cancelled');
        } finally {
          delete globals[context];
          await Promise.all([a.close(), b.close()]);
        }
      },
    );
  });
});

const anyResult = fromJsonSchema<Record<string, any>>({ type: 'object' });
