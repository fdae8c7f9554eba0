// The sealed 2026-07-28 request state is bound to the caller, to what was called and to its arguments, and answers
// count only for the questions the server asked. Attacks over plain HTTP (the 2026-07-28 envelope, two bearer
// principals) against a generated server whose handlers write what they did to a journal: a state replayed by
// another principal, on another tool, on a prompt, with changed arguments, or tampered with is refused with -32602
// before any handler runs; an answer the server never asked for (a forged "confirm") is not taken: the question is
// asked again and the confirmed side effect never happens.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, generateProject, type RunningHttp, startHttpServer, tempDir } from '../support/project.js';

const ALICE = 'alice-token-0123456789abcdef0123456789';
const BOB = 'bob-token-0123456789abcdef0123456789ab';

const MANIFEST = `version: 1
server: {name: asking, version: 1.0.0}
transports: {stdio: false, http: true}
auth:
  type: bearer
  credentials:
    - {env: ASKING_ALICE, principal: alice}
    - {env: ASKING_BOB, principal: bob}
tools:
  transfer:
    description: Moves money once the user confirms.
    inputSchema:
      type: object
      properties: {to: {type: string}, amount: {type: integer}}
      required: [to, amount]
  twostep:
    description: Asks for a name, then for a confirmation.
prompts:
  review:
    description: Asks before drafting a review.
    arguments: [{name: topic, required: true}]
`;

const CONFIRM = "{ message: 'Confirm?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } }";
const JOURNAL = 'const note = (line: string) => appendFileSync(process.env.ASKING_JOURNAL!, `${line}\\n`);';
const HANDLERS: Record<string, string> = {
  'src/handlers/tools/transfer.ts': `import { appendFileSync } from 'node:fs';
import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
${JOURNAL}
export const transfer: ToolHandler<'transfer'> = async (input, ctx) => {
  note(\`entered transfer \${input.amount} to \${input.to}\`);
  const answer = await ctx.elicit(${CONFIRM}, 'confirm');
  if (answer.action !== 'accept' || answer.content?.ok !== true) return text('not confirmed');
  note(\`TRANSFERRED \${input.amount} to \${input.to}\`);
  return text('transferred');
};
`,
  'src/handlers/tools/twostep.ts': `import { appendFileSync } from 'node:fs';
import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
${JOURNAL}
export const twostep: ToolHandler<'twostep'> = async (_input, ctx) => {
  note('entered twostep');
  const name = await ctx.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } }, 'name');
  const answer = await ctx.elicit(${CONFIRM}, 'confirm');
  if (answer.action !== 'accept' || answer.content?.ok !== true) return text('not confirmed');
  note(\`CONFIRMED for \${String(name.content?.name)}\`);
  return text('confirmed');
};
`,
  'src/handlers/prompts/review.ts': `import { appendFileSync } from 'node:fs';
import type { PromptHandler } from '../../generated/types.gen.js';
${JOURNAL}
export const review: PromptHandler<'review'> = async (args, ctx) => {
  note('entered review');
  await ctx.elicit(${CONFIRM}, 'confirm');
  return { messages: [{ role: 'user', content: { type: 'text', text: \`Review \${args.topic}\` } }] };
};
`,
};

type Json = Record<string, any>;

describe('2026-07-28 request state: bound to caller, request and the questions asked', () => {
  let dir: string;
  let server: RunningHttp;
  const journal = join(tempDir('mcp-gen-journal-'), 'journal');
  const entries = () => readFileSync(journal, 'utf8').split('\n').filter(Boolean);
  let id = 0;

  beforeAll(async () => {
    dir = generateProject(MANIFEST);
    for (const [file, content] of Object.entries(HANDLERS)) writeFileSync(join(dir, file), content);
    buildProject(dir);
    writeFileSync(journal, '');
    process.env.ASKING_ALICE = ALICE;
    process.env.ASKING_BOB = BOB;
    process.env.ASKING_JOURNAL = journal;
    server = await startHttpServer(dir);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
  });

  /** One 2026-07-28 request with the standard headers and `_meta` envelope; the JSON-RPC answer. */
  async function rpc(
    token: string,
    method: string,
    params: Json,
  ): Promise<{ result?: Json; error?: { code: number; message: string; data?: Json } }> {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        'mcp-name': String(params.name),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: ++id,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'attacker', version: '1.0.0' },
            'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
          },
        },
      }),
    });
    const text = await res.text();
    const data = res.headers.get('content-type')?.includes('text/event-stream')
      ? text
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .at(-1)!
          .slice(5)
      : text;
    return JSON.parse(data);
  }

  const call = (token: string, name: string, args: Json, extra: Json = {}) => rpc(token, 'tools/call', { name, arguments: args, ...extra });
  const yes = { action: 'accept', content: { ok: true } };

  /** Asks transfer as `token`: the input-required result and its sealed state. */
  async function asked(token: string, args: Json): Promise<string> {
    const first = await call(token, 'transfer', args);
    expect(first.result).toMatchObject({ resultType: 'input_required', inputRequests: { confirm: { method: 'elicitation/create' } } });
    return first.result!.requestState as string;
  }

  /** Runs `attack` and returns the journal lines it added. */
  async function journalOf(attack: () => Promise<unknown>): Promise<string[]> {
    const before = entries().length;
    await attack();
    return entries().slice(before);
  }

  const refused = { code: -32602, message: 'Invalid or expired requestState', data: { reason: 'invalid_request_state' } };

  it('the honest round trip: asked, answered with the state, done once', async () => {
    const state = await asked(ALICE, { to: 'bob', amount: 5 });
    const done = await journalOf(async () => {
      const second = await call(ALICE, 'transfer', { to: 'bob', amount: 5 }, { inputResponses: { confirm: yes }, requestState: state });
      expect(second.result).toMatchObject({ content: [{ type: 'text', text: 'transferred' }] });
    });
    expect(done).toEqual(['entered transfer 5 to bob', 'TRANSFERRED 5 to bob']);
  });

  it("another principal's state is refused before the handler runs", async () => {
    const state = await asked(ALICE, { to: 'bob', amount: 5 });
    const ran = await journalOf(async () => {
      const replay = await call(BOB, 'transfer', { to: 'bob', amount: 5 }, { inputResponses: { confirm: yes }, requestState: state });
      expect(replay.error).toEqual(refused);
    });
    expect(ran).toEqual([]);
  });

  it('the state with changed arguments, on another tool or on a prompt is refused before any handler runs', async () => {
    const state = await asked(ALICE, { to: 'bob', amount: 5 });
    const ran = await journalOf(async () => {
      for (const args of [
        { to: 'mallory', amount: 5 },
        { to: 'bob', amount: 5000 },
        { to: 'bob', amount: 5, memo: 'x' },
      ]) {
        expect((await call(ALICE, 'transfer', args, { inputResponses: { confirm: yes }, requestState: state })).error).toEqual(refused);
      }
      expect((await call(ALICE, 'twostep', {}, { inputResponses: { confirm: yes }, requestState: state })).error).toEqual(refused);
      const prompt = await rpc(ALICE, 'prompts/get', {
        name: 'review',
        arguments: { topic: 't' },
        inputResponses: { confirm: yes },
        requestState: state,
      });
      expect(prompt.error).toEqual(refused);
    });
    expect(ran).toEqual([]);
    // The same arguments in another key order are the same request.
    const reordered = await call(ALICE, 'transfer', { amount: 5, to: 'bob' }, { inputResponses: { confirm: yes }, requestState: state });
    expect(reordered.result).toMatchObject({ content: [{ type: 'text', text: 'transferred' }] });
  });

  it('a tampered state is refused before the handler runs', async () => {
    const state = await asked(ALICE, { to: 'bob', amount: 5 });
    const [prefix, body, mac] = state.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    // What a forger would write: the answer already given, as if an earlier round had accepted it.
    payload.p.answers = { confirm: { kind: 'elicit', answer: yes } };
    const forged = `${prefix}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${mac}`;
    const flipped = `${state.slice(0, -2)}${state.at(-2) === 'A' ? 'B' : 'A'}${state.at(-1)}`;
    const ran = await journalOf(async () => {
      for (const requestState of [forged, flipped, 'v1.e30.AAAA', 'garbage'])
        expect((await call(ALICE, 'transfer', { to: 'bob', amount: 5 }, { requestState })).error).toEqual(refused);
    });
    expect(ran).toEqual([]);
  });

  it('an answer the server never asked for is not taken: no forged "confirm" without the question', async () => {
    // First round, no state at all: the answer is ignored and the question asked.
    const noState = await journalOf(async () => {
      const forged = await call(ALICE, 'transfer', { to: 'mallory', amount: 99 }, { inputResponses: { confirm: yes } });
      expect(forged.result).toMatchObject({ resultType: 'input_required', inputRequests: { confirm: {} } });
    });
    expect(noState).toEqual(['entered transfer 99 to mallory']);

    // A real state that asked only for `name`: a `confirm` sent along with the name is not taken.
    const first = await call(ALICE, 'twostep', {});
    expect(Object.keys(first.result!.inputRequests)).toEqual(['name']);
    const early = await journalOf(async () => {
      const second = await call(
        ALICE,
        'twostep',
        {},
        {
          inputResponses: { name: { action: 'accept', content: { name: 'ann' } }, confirm: yes },
          requestState: first.result!.requestState,
        },
      );
      expect(second.result).toMatchObject({ resultType: 'input_required' });
      expect(Object.keys(second.result!.inputRequests)).toEqual(['confirm']);
      // Answered when asked, it completes, with the name from the earlier round.
      const third = await call(ALICE, 'twostep', {}, { inputResponses: { confirm: yes }, requestState: second.result!.requestState });
      expect(third.result).toMatchObject({ content: [{ type: 'text', text: 'confirmed' }] });
    });
    expect(early).toEqual(['entered twostep', 'entered twostep', 'CONFIRMED for ann']);

    // An answer of the wrong kind under an asked key (a sampling result for a form) counts as no answer.
    const state = await asked(ALICE, { to: 'bob', amount: 1 });
    const wrongKind = await journalOf(async () => {
      const r = await call(
        ALICE,
        'transfer',
        { to: 'bob', amount: 1 },
        {
          inputResponses: { confirm: { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' } },
          requestState: state,
        },
      );
      expect(r.result).toMatchObject({ resultType: 'input_required' });
    });
    expect(wrongKind).toEqual(['entered transfer 1 to bob']);
  });
});
