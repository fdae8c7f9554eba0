// Places among the requests in flight (lingering-handlers.e2e.test.ts drives them through every transport): a place
// is open until the transport is done with its request, lingers while a handler it started still runs, and is free
// after. A request is refused while the open places or the lingering ones are at the limit.
import { describe, expect, it } from 'vitest';
import { runtimeCopies } from '../support/runtime-copy.js';

const at = runtimeCopies(['limits']);
const { Flight, holdPlaces, detached, Shares, shareOf, asCaller, principalOf } = (await import(
  at('limits')
)) as typeof import('../../templates/runtime/limits.js');

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
      if (step === 'deliver+hold') release = place.run(() => holdPlaces());
      else if (step === 'deliver') place.run(() => undefined);
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
    const release = post.run(() => request.run(() => holdPlaces()));
    const detachedRelease = post.run(() => detached(() => holdPlaces()));
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
    const release = place.run(() => holdPlaces());
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

describe('principalOf without credentials', () => {
  it('is the caller its request runs as, else the local user', async () => {
    expect(principalOf(undefined)).toBe('anonymous');
    const inside = await asCaller('address:192.0.2.1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return principalOf(undefined);
    });
    expect(inside).toBe('address:192.0.2.1');
    expect(asCaller('address:192.0.2.1', () => principalOf({ token: 't', clientId: 'ci', scopes: [] }))).toBe('client:ci');
  });
});
