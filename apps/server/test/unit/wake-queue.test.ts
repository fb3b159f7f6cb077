import { afterEach, describe, expect, it } from 'vitest';
import { MAX_QUEUED, WakeQueue, type WakeTarget } from '../../src/features/tr069-extras/wake-queue.ts';
import type { AppContext } from '../../src/platform/app-context.ts';

/**
 * The paced connection requests (issue 15 item 4), on a clock of the test's own: counts per
 * simulated second, never wall-clock times.
 */

const app = { log: { error() {} } } as unknown as AppContext;
const targets = (n: number, from = 0): WakeTarget[] =>
  Array.from({ length: n }, (_, i) => ({
    taskId: from + i,
    deviceId: `cpe-${from + i}`,
    url: 'http://cpe/',
  }));
const settle = () => new Promise((r) => setImmediate(r));

describe('wake queue', () => {
  let q: WakeQueue | undefined;
  afterEach(() => q?.stop());

  it('wakes a batch of 100 at 10 per second: one second’s worth at once, the rest second by second', async () => {
    let now = 1_000_000;
    const sent: number[] = [];
    q = new WakeQueue(
      app,
      () => now,
      async (w) => {
        sent.push(w.taskId);
      },
    );
    q.setRate(10);
    const all = targets(100);
    const now0 = q.take(all.length);
    expect(now0).toBe(10);
    const later = all.slice(now0);
    expect(q.enqueue(later)).toEqual([]);
    await settle();
    expect(sent).toEqual([]);
    for (let second = 1; second <= 9; second++) {
      now += 1000;
      q.pump();
      await settle();
      expect(sent).toHaveLength(10 * second);
    }
    expect(q.length).toBe(0);
    // In the order queued, each once.
    expect(sent).toEqual(later.map((t) => t.taskId));
    expect(q.started).toBe(100);
  });

  it('an idle queue saves up one second’s worth at most; a new pace applies at once', async () => {
    let now = 5_000_000;
    const sent: number[] = [];
    q = new WakeQueue(
      app,
      () => now,
      async (w) => {
        sent.push(w.taskId);
      },
    );
    q.setRate(5);
    expect(q.take()).toBe(1);
    now += 60_000;
    q.enqueue(targets(50));
    await settle();
    expect(sent).toHaveLength(5);
    q.setRate(20);
    now += 1000;
    q.pump();
    await settle();
    expect(sent).toHaveLength(25);
  });

  it('is bounded: beyond MAX_QUEUED devices are handed back (left to their periodic inform)', () => {
    const now = 1;
    q = new WakeQueue(
      app,
      () => now,
      async () => {},
    );
    q.setRate(1);
    expect(q.take()).toBe(1);
    const left = q.enqueue(targets(MAX_QUEUED + 7));
    expect(left).toHaveLength(7);
    expect(q.length).toBe(MAX_QUEUED);
  });
});
