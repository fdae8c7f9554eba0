// The weather example's AWS Lambda and Vercel entries, in process as their platforms call them: the Lambda handler
// with API Gateway HTTP API and Function URL events (payload 2.0), the Vercel function's default export with web
// Requests on its vercel.app name. Real SDK clients in both eras (2025-era clients served without a session), the
// platform's own names accepted and others refused, an oversized body, and the auth project's token.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { FRONT_HOSTS, type Front, lambdaContext, toEvent, toResponse } from '../support/lambda-events.js';
import {
  authProject,
  exerciseAuth,
  exerciseBothEras,
  expectForeign,
  type Fetch,
  initialize,
  oversized,
  TOKEN,
  weatherProject,
} from '../support/platform-checks.js';

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
