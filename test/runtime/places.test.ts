// Places among the requests in flight (lingering-handlers.e2e.test.ts drives them through every transport): a place
// is open until the transport is done with its request, lingers while a handler it started still runs, and is free
// after. A request is refused while the open places or the lingering ones are at the limit. The places a handler holds
// and the caller it works for reach it on its context (scope.gen.ts), stamped while its request is handed over.
import { describe, expect, it } from 'vitest';
import { runtimeCopies } from '../support/runtime-copy.js';

const at = runtimeCopies(['limits', 'scope']);
const { Flight, Shares, shareOf, principalOf, principalFor } = (await import(
  at('limits')
)) as typeof import('../../templates/runtime/limits.js');
const { holdPlaces, detached, callerOf, placeRequests, scopeRequest, stamp } = (await import(
  at('scope')
)) as typeof import('../../templates/runtime/scope.js');
type Place = import('../../templates/runtime/limits.js').Place;

/** A handler's context as the SDK builds it for an HTTP request that holds `places` and is `principal`'s. */
function contextIn(places: Place[], principal = 'anonymous'): object {
  const request = new Request('http://localhost/mcp');
  scopeRequest(request, { principal, places });
  return stamp({ mcpReq: { id: 1 } }, { request });
}

type Step = 'deliver+hold' | 'deliver' | 'answer' | 'cancel' | 'release' | 'hold late';
const cases: { given: string; steps: Step[]; want: { room: boolean; lingering: boolean } }[] = [
  { given: 'a request being handled', steps: ['deliver+hold'], want: { room: false, lingering: false } },
  { given: 'an answered request', steps: ['deliver+hold', 'release', 'answer'], want: { room: true, lingering: false } },
  { given: 'a cancel its handler ignores', steps: ['deliver+hold', 'cancel'], want: { room: false, lingering: true } },
  {
    given: 'a cancel its handler ignores, until the handler ends',
    steps: ['deliver+hold', 'cancel', 'release'],
    want: { room: true, lingering: false },
  },
  { given: 'a request cancelled before the SDK took it', steps: ['cancel'], want: { room: false, lingering: false } },
  {
    given: 'a request cancelled before the SDK took it, then taken',
    steps: ['cancel', 'deliver'],
    want: { room: true, lingering: false },
  },
  {
    given: 'a handler that starts once its place is free',
    steps: ['deliver', 'answer', 'hold late'],
    want: { room: false, lingering: true },
  },
];

describe('Place, in a Flight of one', () => {
  it.each(cases)('$given', ({ steps, want }) => {
    const flight = new Flight(1);
    const place = flight.take();
    let release = () => {};
    for (const step of steps) {
      if (step === 'deliver+hold') release = place.deliver(() => holdPlaces(contextIn([place])));
      else if (step === 'deliver') place.deliver(() => undefined);
      else if (step === 'answer') place.end();
      else if (step === 'cancel') place.cancel();
      else if (step === 'release') release();
      else release = place.hold();
    }
    expect({ room: flight.hasRoom(), lingering: flight.lingeringFull }).toEqual(want);
  });

  it('holds every place of the request being handled, each once, and none outside', () => {
    const posts = new Flight(1);
    const session = new Flight(1);
    const post = posts.take();
    const request = session.take();
    const ctx = contextIn([post, request]);
    const release = holdPlaces(ctx);
    const detachedRelease = holdPlaces(detached(ctx));
    post.end();
    request.end();
    expect([posts.lingeringFull, session.lingeringFull]).toEqual([true, true]);
    release();
    release();
    detachedRelease();
    expect([posts.hasRoom(), session.hasRoom(), posts.lingeringFull, session.lingeringFull]).toEqual([true, true, false, false]);
  });
});

describe('Shares: the places of each principal among those all callers share', () => {
  it('admits a principal up to its share, refuses it past that, and admits another all the same', () => {
    const all = new Flight(10);
    const shares = new Shares(2);
    const mine = [all.take(), all.take()];
    expect(mine.map((place) => shares.admit(place, 'a'))).toEqual([true, true]);
    expect(shares.admit(all.take(), 'a')).toBe(false);
    expect(shares.admit(all.take(), 'b')).toBe(true);
    mine[0].end();
    expect(shares.admit(all.take(), 'a')).toBe(true);
  });

  it("counts a principal's handlers running on after their request ended, until they end", () => {
    const all = new Flight(10);
    const shares = new Shares(1);
    const place = all.take();
    expect(shares.admit(place, 'a')).toBe(true);
    const release = holdPlaces(contextIn([place]));
    place.end(); // abandoned: its handler runs on
    expect(shares.admit(all.take(), 'a')).toBe(false);
    release();
    expect(shares.admit(all.take(), 'a')).toBe(true);
  });

  it('counts nothing for a request that ended before its caller was known', () => {
    const all = new Flight(10);
    const shares = new Shares(1);
    const place = all.take();
    place.end();
    expect([shares.admit(place, 'a'), shares.admit(all.take(), 'a')]).toEqual([true, true]);
  });

  it('is a fraction of the capacity, rounded down, never none', () => {
    expect([shareOf(1000), shareOf(100), shareOf(5), shareOf(10, 0.3), shareOf(8, 1)]).toEqual([100, 10, 1, 3, 8]);
  });
});

describe('the caller a handler works for', () => {
  it('is the caller its request is scoped to, else the credential on its context, else the local user', () => {
    expect(callerOf({})).toBe('anonymous');
    expect(callerOf(contextIn([], 'address:192.0.2.1'))).toBe('address:192.0.2.1');
    // Spreads of the context, as the SDK and the layers make them, keep the scope.
    expect(callerOf({ ...contextIn([], 'address:192.0.2.1'), extra: true })).toBe('address:192.0.2.1');
    expect(callerOf({ http: { authInfo: { token: 't', clientId: 'ci', scopes: [] } } })).toBe('client:ci');
    expect(callerOf(detached(contextIn([], 'address:192.0.2.1')))).toBe('address:192.0.2.1');
  });

  it('is stamped on the contexts built while a transport hands a request over, and only on those', () => {
    const flight = new Flight(1);
    const place = flight.take();
    const built: object[] = [];
    // The SDK builds each handler's context synchronously, inside the transport's onmessage.
    const transport = { onmessage: () => void built.push(stamp({}, undefined)), send: async () => undefined } as never;
    placeRequests(transport, { placesOf: (m: unknown) => ((m as { id?: number }).id === 1 ? [place] : []) }, 'address:192.0.2.9');
    (transport as { onmessage(m: unknown): void }).onmessage({ jsonrpc: '2.0', id: 1, method: 'tools/call' });
    const outside = stamp({}, undefined);
    expect([callerOf(built[0]), callerOf(outside)]).toEqual(['address:192.0.2.9', 'anonymous']);
    const release = holdPlaces(built[0]);
    place.end();
    expect([flight.hasRoom(), flight.lingeringFull]).toEqual([false, true]); // its handler still runs
    release();
    expect([flight.hasRoom(), flight.lingeringFull]).toEqual([true, false]);
  });

  it('keys a credential naming no client or user by its hashed token, and never by a shared key', async () => {
    const bare = { token: 'secret-token', clientId: '', scopes: [] };
    expect(() => principalOf({ ...bare })).toThrow(/not verified here/);
    const principal = await principalFor(bare);
    expect(principal).toMatch(/^token:[0-9a-f]{32}$/);
    expect(principal).not.toContain('secret');
    expect(principalOf(bare)).toBe(principal);
    expect(await principalFor({ token: 'other-token', clientId: '', scopes: [] })).not.toBe(principal);
    expect(await principalFor({ token: 't', clientId: 'ci', scopes: [] })).toBe('client:ci');
  });
});
