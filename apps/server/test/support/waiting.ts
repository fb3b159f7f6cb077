/**
 * Polls `probe` until it gives a truthy value and returns that value; fails after `ms`, naming
 * `what`. The bound is there for a hung test, not as a timing assertion: keep it generous.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  ms = 20_000,
  everyMs = 50,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`gave up after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
