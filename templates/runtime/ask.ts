import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  createRequestStateCodec,
  inputRequired,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type ElicitRequestFormParams,
  type ElicitResult,
  type InputRequest,
  type InputRequiredResult,
  type InputRequests,
  type JsonSchemaType,
  type ListRootsResult,
  type ProtocolEra,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import type { Layer, Wrapper } from './layers.gen.js';
import { notificationsSent } from './notify.gen.js';
import { callerOf, holdPlaces } from './scope.gen.js';

export type { CreateMessageRequestParams, CreateMessageResult, ElicitResult, ListRootsResult };

/** A form for the user: a message and a flat JSON Schema of primitive fields. */
export type ElicitFormParams = Omit<ElicitRequestFormParams, 'mode'>;
/** A URL the user should open, for anything that must not pass through the client (credentials, payment). */
export interface ElicitUrlParams {
  message: string;
  url: string;
}

/** One question for the client; `R` is the type of its answer. Build them with `question.*`. */
export type Question<R> =
  | { readonly kind: 'elicit'; readonly params: ElicitFormParams; readonly answer?: R }
  | { readonly kind: 'elicitUrl'; readonly params: ElicitUrlParams; readonly answer?: R }
  | { readonly kind: 'sample'; readonly params: CreateMessageRequestParams; readonly answer?: R }
  | { readonly kind: 'roots'; readonly answer?: R };

export type Answers<Q> = { [K in keyof Q]: Q[K] extends Question<infer R> ? R : never };

export const question = {
  elicit: (params: ElicitFormParams): Question<ElicitResult> => ({ kind: 'elicit', params }),
  elicitUrl: (params: ElicitUrlParams): Question<ElicitResult> => ({ kind: 'elicitUrl', params }),
  sample: (params: CreateMessageRequestParams): Question<CreateMessageResult> => ({ kind: 'sample', params }),
  roots: (): Question<ListRootsResult> => ({ kind: 'roots' }),
};

/**
 * Thrown by `ctx.ask` on a 2026-07-28 request whose answers are not all in yet; the generated registration turns it
 * into the input-required result. Handlers that catch errors must rethrow it (see `isInputRequired`).
 */
export class InputRequiredSignal extends Error {
  constructor(readonly result: InputRequiredResult) {
    super('input required from the client');
  }
}

export function isInputRequired(error: unknown): error is InputRequiredSignal {
  return error instanceof InputRequiredSignal;
}

type QuestionKind = Question<unknown>['kind'];

interface AskState {
  /** The questions of the round that sealed this state, by key: the only ones a retry's inputResponses may answer. */
  asked: Record<string, QuestionKind>;
  /** Answers earlier rounds accepted, with the kind of question each answered. */
  answers: Record<string, { kind: QuestionKind; answer: unknown }>;
}

/** The request (method and params) a context serves, stamped by bindRequestState before the SDK verifies state. */
const REQUEST = Symbol('mcp-gen.request');
type Stamped = ServerContext & { [REQUEST]?: { method?: string; params?: Record<string, unknown> } };
/** The methods whose results may be input-required (2026-07-28), and the params that name what they ask for. */
const ASKING: Readonly<Record<string, readonly string[]>> = {
  'tools/call': ['name', 'arguments'],
  'prompts/get': ['name', 'arguments'],
  'resources/read': ['uri'],
};

/** JSON with every object's keys sorted: the same arguments give the same text whatever order the client sent. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * What a request state is bound to: the caller (see principalOf), the method, and a digest of what the request names
 * (tool or prompt and its arguments, or resource URI). A state minted for one of these is refused for any other
 * with -32602 before a handler runs, so it cannot be replayed by another caller, on another tool, or with other
 * arguments. The SDK's codec keeps only an HMAC of this value in the state.
 */
function binding(ctx: ServerContext): string {
  const request = (ctx as Stamped)[REQUEST];
  const method = request?.method ?? ctx.mcpReq.method;
  const named = (ASKING[method] ?? []).map((key) => request?.params?.[key] ?? null);
  const digest = createHash('sha256').update(canonical(named)).digest('base64url');
  return JSON.stringify([callerOf(ctx), method, digest]);
}

// requestState comes back from the client, so it is sealed (HMAC) and checked before any handler runs. Set
// MCP_REQUEST_STATE_KEY (32+ bytes) when several processes serve the same clients; otherwise a key per process.
// Made at first use, not at import: a Worker may not draw random bytes while its module loads.
let made: ReturnType<typeof createRequestStateCodec<AskState>> | undefined;
const codec = () =>
  (made ??= createRequestStateCodec<AskState>({
    key: process.env.MCP_REQUEST_STATE_KEY ?? randomBytes(32),
    bind: binding,
  }));

/** `ServerOptions.requestState`: rejects tampered, expired or rebound state with -32602 before the handler runs. */
export const requestStateOptions = {
  verify: (...args: Parameters<ReturnType<typeof codec>['verify']>) => codec().verify(...args),
};

/**
 * The layer (see layers.gen.ts) that stamps each request that may ask on its context, for `binding`: the SDK verifies
 * a request's state with the context alone. Outside the SDK's own verification, which runs inside the handler it wraps.
 */
export const REQUEST_STATE: Layer = {
  around: Object.fromEntries(
    Object.keys(ASKING).map((method): [string, Wrapper] => [
      method,
      (next) => (request, ctx) => {
        (ctx as Stamped)[REQUEST] = { method, params: request.params };
        return next(request, ctx);
      },
    ]),
  ),
};

const validator = new AjvJsonSchemaValidator();

/**
 * Runs a handler of the request `ctx` serves, turning an InputRequiredSignal into the input-required result it
 * carries. The handler holds its request's places until it ends, even after a cancel: one that ignores its signal
 * still counts (see Place).
 */
export async function answering<R>(ctx: ServerContext, run: () => Promise<R>): Promise<R | InputRequiredResult> {
  const release = holdPlaces(ctx);
  try {
    return await run();
  } catch (error) {
    if (error instanceof InputRequiredSignal) return error.result;
    throw error;
  } finally {
    // What the handler raised reaches the shared store before its answer reaches the client.
    await notificationsSent().finally(release);
  }
}

/** The `ask` family of one handler invocation. */
export class Asker {
  readonly #sdk: ServerContext;
  readonly #era: ProtocolEra;
  #counter = 0;
  #known: Map<string, { kind: QuestionKind; answer: unknown }> | undefined;
  /** Answers this invocation has used, carried to the next round in requestState. */
  readonly #used: AskState['answers'] = {};

  constructor(sdk: ServerContext, era: ProtocolEra) {
    this.#sdk = sdk;
    this.#era = era;
  }

  /** A single question; unnamed ones are keyed by kind and call order, which a re-run handler repeats. */
  async one<R>(kind: string, q: Question<R>, key?: string): Promise<R> {
    const name = key ?? `${kind}-${++this.#counter}`;
    const answers = await this.ask({ [name]: q });
    return answers[name] as R;
  }

  async ask<Q extends Record<string, Question<unknown>>>(questions: Q): Promise<Answers<Q>> {
    const entries = Object.entries(questions);
    if (this.#era === 'legacy') {
      // 2025 era: real server-to-client requests on the open connection, all at once.
      const answered = await Promise.all(entries.map(async ([key, q]) => [key, await this.#push(q)] as const));
      return Object.fromEntries(answered) as Answers<Q>;
    }
    const known = (this.#known ??= this.#collect());
    const answers: Record<string, unknown> = {};
    const missing: InputRequests = {};
    const asked: AskState['asked'] = {};
    for (const [key, q] of entries) {
      const got = known.get(key);
      if (got !== undefined && got.kind === q.kind && isAnswer(q, got.answer)) {
        answers[key] = got.answer;
        this.#used[key] = got;
      } else {
        missing[key] = inputRequest(q);
        asked[key] = q.kind;
      }
    }
    if (Object.keys(missing).length === 0) return answers as Answers<Q>;
    const requestState = await codec().mint({ asked, answers: this.#used }, this.#sdk);
    throw new InputRequiredSignal(inputRequired({ inputRequests: missing, requestState }));
  }

  /**
   * Earlier rounds' answers (from the verified requestState) and this round's inputResponses, but only those that
   * answer a question the state says was asked, as that kind of question: a response under any other key is ignored
   * (the spec's rule for what a server does not recognize), and a first round, which carries no state, takes none.
   * A client cannot answer "confirm" to a question the server never put.
   */
  #collect(): Map<string, { kind: QuestionKind; answer: unknown }> {
    // Verified before the handler ran (sealed by this server, for this caller and request), so its shape is ours.
    const state = this.#sdk.mcpReq.requestState<AskState>();
    const known = new Map<string, { kind: QuestionKind; answer: unknown }>();
    if (state === undefined) return known;
    for (const [key, got] of Object.entries(state.answers ?? {})) known.set(key, got);
    const responses = this.#sdk.mcpReq.inputResponses ?? {};
    for (const [key, kind] of Object.entries(state.asked ?? {}))
      if (Object.hasOwn(responses, key)) known.set(key, { kind, answer: responses[key] });
    return known;
  }

  #push(q: Question<unknown>): Promise<unknown> {
    const req = this.#sdk.mcpReq;
    const options = { signal: req.signal };
    switch (q.kind) {
      case 'elicit':
        return req.elicitInput(q.params, options);
      case 'elicitUrl':
        return req.elicitInput({ mode: 'url', ...q.params, elicitationId: randomUUID() }, options);
      case 'sample':
        return req.requestSampling(q.params, options);
      case 'roots':
        return req.send({ method: 'roots/list' }, options);
    }
  }
}

export function inputRequest(q: Question<unknown>): InputRequest {
  switch (q.kind) {
    case 'elicit':
      return inputRequired.elicit(q.params);
    case 'elicitUrl':
      return inputRequired.elicitUrl(q.params);
    case 'sample':
      return inputRequired.createMessage(q.params);
    case 'roots':
      return inputRequired.listRoots();
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Client answers are untrusted: a malformed one counts as missing, so the question is asked again. */
export function isAnswer(q: Question<unknown>, answer: unknown): boolean {
  if (!isObject(answer)) return false;
  switch (q.kind) {
    case 'elicit':
    case 'elicitUrl': {
      if (answer.action === 'decline' || answer.action === 'cancel') return true;
      if (answer.action !== 'accept') return false;
      if (q.kind === 'elicitUrl') return true;
      return (
        isObject(answer.content) &&
        validator.getValidator(q.params.requestedSchema as JsonSchemaType)(answer.content).valid
      );
    }
    case 'sample':
      return typeof answer.role === 'string' && answer.content !== undefined;
    case 'roots':
      return Array.isArray(answer.roots);
  }
}
