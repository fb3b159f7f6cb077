import type { CDPSession } from 'playwright-core';

/** One network request of the page, from the DevTools protocol (times in CDP seconds). */
export interface RequestEntry {
  url: string;
  /** DevTools resource type: Document, Script, Stylesheet, Image, Font, XHR, Fetch, ... */
  type: string;
  start: number;
  end?: number;
  /** Bytes on the wire: headers plus the (compressed) body. */
  bytes: number;
  encoding: string;
  failed: boolean;
}

/** Records every request of a page from CDP Network events; `Network.enable` must follow. */
export class NetworkLog {
  readonly entries = new Map<string, RequestEntry>();

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.startsWith('data:') || this.entries.has(e.requestId)) return;
      this.entries.set(e.requestId, {
        url: e.request.url,
        type: e.type ?? 'Other',
        start: e.timestamp,
        bytes: 0,
        encoding: '',
        failed: false,
      });
    });
    cdp.on('Network.responseReceived', (e) => {
      const entry = this.entries.get(e.requestId);
      if (!entry) return;
      entry.type = e.type;
      const headers = Object.fromEntries(
        Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
      );
      entry.encoding = headers['content-encoding'] ?? 'identity';
    });
    cdp.on('Network.loadingFinished', (e) => {
      const entry = this.entries.get(e.requestId);
      if (!entry) return;
      entry.end = e.timestamp;
      entry.bytes = e.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', (e) => {
      const entry = this.entries.get(e.requestId);
      if (!entry) return;
      entry.end = e.timestamp;
      entry.failed = true;
    });
  }

  list(): RequestEntry[] {
    return [...this.entries.values()].sort((a, b) => a.start - b.start);
  }

  /** The main document's request: the best CDP-clock stand-in for navigation start. */
  document(): RequestEntry | undefined {
    return this.list().find((e) => e.type === 'Document');
  }

  /** Waits until no request has been open for `quietMs` (or `timeoutMs` passed). */
  async settle(quietMs: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    let count = this.entries.size;
    while (Date.now() < deadline) {
      const open = [...this.entries.values()].some((e) => e.end === undefined);
      if (open || this.entries.size !== count) {
        quietSince = Date.now();
        count = this.entries.size;
      } else if (Date.now() - quietSince >= quietMs) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Transferred KB per resource type, for the JSON file: where the bytes go. */
export function bytesByType(entries: readonly RequestEntry[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of entries) out[e.type] = (out[e.type] ?? 0) + e.bytes / 1024;
  for (const k of Object.keys(out)) out[k] = Math.round(out[k]! * 10) / 10;
  return out;
}

/**
 * The longest chain of API calls each started only after another had finished: 1 means all
 * calls ran in parallel, more means a waterfall of round trips.
 */
export function apiChainDepth(entries: readonly RequestEntry[]): number {
  const api = entries.filter((e) => e.type === 'XHR' || e.type === 'Fetch').sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  api.forEach((e, i) => {
    let d = 1;
    for (let j = 0; j < i; j++) {
      const before = api[j]!;
      if (before.end !== undefined && before.end <= e.start) d = Math.max(d, depth[j]! + 1);
    }
    depth.push(d);
  });
  return Math.max(0, ...depth);
}
