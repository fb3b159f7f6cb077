import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSettleSignal } from './first-page-settled.ts';

/** A query whose reply comes when the test says so. */
function pendingQuery(client: QueryClient, key: string) {
  let answer!: (value: string) => void;
  const reply = new Promise<string>((resolve) => {
    answer = resolve;
  });
  void client.fetchQuery({ queryKey: [key], queryFn: () => reply });
  return (value = 'ok') => answer(value);
}

async function flush(ms = 0) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('the first page settled', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for every query in flight, the page’s next one included, then settles once', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const signal = createSettleSignal(10_000);
    const answerGuard = pendingQuery(client, 'menus');
    const answerPage = pendingQuery(client, 'records');
    const settled = vi.fn();
    void signal.wait(client).then(settled);

    await flush(50);
    expect(signal.settled()).toBe(false);
    answerGuard();
    await flush(50);
    expect(settled).not.toHaveBeenCalled();

    answerPage();
    // The page asks for more before the idle moment: that call is waited for too.
    const answerNext = pendingQuery(client, 'leases');
    await flush(50);
    expect(settled).not.toHaveBeenCalled();
    answerNext();
    await flush(50);
    expect(settled).toHaveBeenCalledTimes(1);
    expect(signal.settled()).toBe(true);
    // A later call changes nothing, and a second wait is the same answer.
    pendingQuery(client, 'again');
    await signal.wait(client);
    expect(signal.settled()).toBe(true);
  });

  it('settles at once with nothing in flight', async () => {
    vi.useFakeTimers();
    const signal = createSettleSignal(10_000);
    const done = signal.wait(new QueryClient());
    await flush(1);
    await done;
    expect(signal.settled()).toBe(true);
  });

  it('gives up waiting for a page whose data hangs after the longest wait', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const signal = createSettleSignal(4_000);
    pendingQuery(client, 'hangs');
    void signal.wait(client);
    await flush(3_999);
    expect(signal.settled()).toBe(false);
    await flush(1);
    expect(signal.settled()).toBe(true);
  });
});
