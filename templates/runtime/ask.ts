import { randomBytes, randomUUID } from 'node:crypto';
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
import { holdPlaces } from './limits.gen.js';
import { notificationsSent } from './notify.gen.js';

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

interface AskState {
  answers: Record<string, unknown>;
}

// requestState comes back from the client, so it is sealed (HMAC) and checked before any handler runs. Set
// MCP_REQUEST_STATE_KEY (32+ bytes) when several processes serve the same clients; otherwise a key per process.
const codec = createRequestStateCodec<AskState>({ key: process.env.MCP_REQUEST_STATE_KEY ?? randomBytes(32) });

/** `ServerOptions.requestState`: rejects tampered or expired state with -32602 before the handler runs. */
export const requestStateOptions = { verify: codec.verify };

const validator = new AjvJsonSchemaValidator();

/**
 * Runs a handler, turning an InputRequiredSignal into the input-required result it carries. The handler holds its
 * request's places until it ends, even after a cancel: one that ignores its signal still counts (see Place).
 */
export async function answering<R>(run: () => Promise<R>): Promise<R | InputRequiredResult> {
  const release = holdPlaces();
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
  #known: Record<string, unknown> | undefined;
  /** Answers this invocation has used, carried to the next round in requestState. */
  readonly #used: Record<string, unknown> = {};

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
    for (const [key, q] of entries) {
      const answer = known[key];
      if (isAnswer(q, answer)) answers[key] = this.#used[key] = answer;
      else missing[key] = inputRequest(q);
    }
    if (Object.keys(missing).length === 0) return answers as Answers<Q>;
    const requestState = await codec.mint({ answers: this.#used }, this.#sdk);
    throw new InputRequiredSignal(inputRequired({ inputRequests: missing, requestState }));
  }

  /** Earlier rounds' answers (from the verified requestState) and this round's inputResponses. */
  #collect(): Record<string, unknown> {
    const state = this.#sdk.mcpReq.requestState<AskState>();
    const earlier =
      state && typeof state === 'object' && state.answers && typeof state.answers === 'object' ? state.answers : {};
    return { ...earlier, ...(this.#sdk.mcpReq.inputResponses ?? {}) };
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
