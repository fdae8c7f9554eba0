// notify with a shared store: a call's answer waits until what its handler published reached the store, so that a
// client calling again, on another replica, hears the first call's notifications first (scale.e2e.test.ts 5c).
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../support/memory-store.js';
import { runtimeCopies } from '../support/runtime-copy.js';

const at = runtimeCopies(['store-bus', 'store-input', 'limits', 'log', 'observe', 'notify', 'ask', 'scope']);
const { StoreBus } = (await import(at('store-bus'))) as typeof import('../../templates/runtime/store-bus.js');
const { notify, useBus } = (await import(at('notify'))) as typeof import('../../templates/runtime/notify.js');
const { answering } = (await import(at('ask'))) as typeof import('../../templates/runtime/ask.js');
/** A handler's context outside any request's scope: it holds no place. */
const ctx = {} as Parameters<typeof answering>[0];

describe('answering, with a shared store', () => {
  it('answers only after the store took the notifications the handler raised', async () => {
    const events: string[] = [];
    const store = new MemoryStore();
    const publish = store.publish.bind(store);
    // A store that takes its time, as Redis over a busy network does.
    store.publish = async (channel, message) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await publish(channel, message);
      events.push(`published ${JSON.parse(message).uri}`);
    };
    const undo = useBus(new StoreBus(store));
    try {
      const answer = await answering(ctx, async () => {
        notify.resourceUpdated('counter://1');
        return 'bumped';
      });
      events.push(`answered ${answer}`);
      expect(events).toEqual(['published counter://1', 'answered bumped']);
    } finally {
      undo();
    }
  });

  it('answers at once when nothing was published, and a failed publish does not fail the call', async () => {
    const store = new MemoryStore();
    store.publish = () => Promise.reject(new Error('store down'));
    const undo = useBus(new StoreBus(store));
    try {
      expect(await answering(ctx, async () => 'quiet')).toBe('quiet');
      expect(
        await answering(ctx, async () => {
          notify.toolsChanged();
          return 'raised';
        }),
      ).toBe('raised');
    } finally {
      undo();
    }
  });
});
