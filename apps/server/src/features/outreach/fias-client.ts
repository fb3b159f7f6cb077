import net from 'node:net';
import { encodeRecord, type FiasRecord, fiasStamp, frameReader } from './fias-frame.ts';

/**
 * One FIAS link: we are the TCP client of the PMS interface (DOMAIN 2.9). On connect we send Link
 * Start, our Link Description and Link Records (the records and fields we use), then Link Alive.
 * The PMS answers with LS/LA; from then on the link is `linked`. A Link Alive goes out every
 * keep-alive interval, and a link that has heard nothing for three intervals is dropped. A lost
 * connection is retried with a doubling delay (up to a minute). Every timer is unref'd, and
 * `stop()` ends the link with LE and leaves nothing running.
 */

export type LinkState = 'connected' | 'linked' | 'down';

export interface LinkOptions {
  host: string;
  port: number;
  keepaliveMs: number;
  /** First reconnect delay; doubled after each failure, at most 60 s. */
  retryMs: number;
  now: () => number;
  onState: (state: LinkState, why: string) => void;
  onRecord: (record: FiasRecord) => void;
}

export interface FiasLink {
  state(): LinkState;
  /** Sends a record when the TCP connection is up; false otherwise. */
  send(type: string, fields?: [string, string][]): boolean;
  stop(): Promise<void>;
}

/** The records and fields this gateway uses: guest check-in, check-out, change, resync. */
const LINK_RECORDS: [string, string][] = [
  ['GI', 'RNG#GNGFGTGLGAGDSF'],
  ['GO', 'RNG#SF'],
  ['GC', 'RNG#GNGFGTGLGAGDROSF'],
  ['DR', 'DATI'],
  ['DS', 'DATI'],
  ['DE', 'DATI'],
];

export function startFiasLink(opts: LinkOptions): FiasLink {
  let socket: net.Socket | null = null;
  let state: LinkState = 'down';
  let stopped = false;
  let attempt = 0;
  let lastRx = 0;
  let keepalive: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;

  const setState = (s: LinkState, why: string) => {
    if (s === state) return;
    state = s;
    opts.onState(s, why);
  };

  const write = (type: string, fields: [string, string][] = []): boolean => {
    if (!socket || socket.destroyed || !socket.writable || state === 'down') return false;
    socket.write(encodeRecord(type, fields));
    return true;
  };

  const describe = () => {
    write('LD', [...fiasStamp(opts.now()), ['V#', '1.0'], ['IF', 'PB']]);
    for (const [ri, fl] of LINK_RECORDS)
      write('LR', [
        ['RI', ri],
        ['FL', fl],
      ]);
    write('LA', fiasStamp(opts.now()));
  };

  const clearTimers = () => {
    if (keepalive) clearInterval(keepalive);
    keepalive = null;
  };

  const scheduleRetry = () => {
    if (stopped || retry) return;
    const delay = Math.min(opts.retryMs * 2 ** attempt, 60_000);
    attempt += 1;
    retry = setTimeout(() => {
      retry = null;
      connect();
    }, delay);
    retry.unref();
  };

  const connect = () => {
    if (stopped) return;
    const read = frameReader();
    const s = net.connect({ host: opts.host, port: opts.port });
    socket = s;
    s.setNoDelay(true);
    s.setTimeout(10_000, () => {
      // Only the connection attempt is bounded this way; afterwards keep-alive decides.
      if (state === 'down') s.destroy(new Error('connection timed out after 10 s'));
    });
    s.once('connect', () => {
      s.setTimeout(0);
      lastRx = opts.now();
      setState('connected', `TCP connected to ${opts.host}:${opts.port}`);
      write('LS', fiasStamp(opts.now()));
      describe();
      keepalive = setInterval(() => {
        if (opts.now() - lastRx > 3 * opts.keepaliveMs) {
          s.destroy(new Error(`nothing heard for ${Math.round((3 * opts.keepaliveMs) / 1000)} s`));
          return;
        }
        write('LA', fiasStamp(opts.now()));
      }, opts.keepaliveMs);
      keepalive.unref();
    });
    s.on('data', (chunk: Buffer) => {
      lastRx = opts.now();
      for (const rec of read(chunk)) {
        if (rec.type === 'LS') {
          // The PMS (re)starts the link: describe ourselves again; it answers with LA.
          attempt = 0;
          setState('linked', 'PMS sent Link Start');
          describe();
        } else if (rec.type === 'LA') {
          attempt = 0;
          setState('linked', 'PMS sent Link Alive');
        } else if (rec.type === 'LE') {
          setState('connected', 'PMS sent Link End');
        } else {
          opts.onRecord(rec);
        }
      }
    });
    let why = 'connection closed';
    s.on('error', (e: NodeJS.ErrnoException) => {
      why = e.code ?? e.message;
    });
    s.once('close', () => {
      clearTimers();
      if (socket === s) socket = null;
      setState('down', why);
      scheduleRetry();
    });
  };

  connect();

  return {
    state: () => state,
    send: write,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      retry = null;
      clearTimers();
      const s = socket;
      if (!s || s.destroyed) return;
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => s.destroy(), 1000);
        t.unref();
        s.once('close', () => {
          clearTimeout(t);
          resolve();
        });
        if (state !== 'down') write('LE', fiasStamp(opts.now()));
        s.end();
      });
    },
  };
}

/** `test`: opens a connection, sends LS and waits briefly for the PMS to answer. */
export function probeFias(
  host: string,
  port: number,
  now: () => number,
  timeoutMs = 3000,
): Promise<{ tcp: boolean; answered: string | null; ms: number | null; error: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const s = net.connect({ host, port });
    const read = frameReader();
    let tcp = false;
    let settled = false;
    const done = (answered: string | null, error = '') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (tcp && !s.destroyed) s.end(encodeRecord('LE', fiasStamp(now())));
      s.destroy();
      resolve({ tcp, answered, ms: tcp ? Date.now() - started : null, error });
    };
    const timer = setTimeout(
      () =>
        done(
          null,
          tcp
            ? `connected, but the PMS sent nothing within ${timeoutMs / 1000} s`
            : `no answer within ${timeoutMs / 1000} s`,
        ),
      timeoutMs,
    );
    timer.unref();
    s.once('connect', () => {
      tcp = true;
      s.write(encodeRecord('LS', fiasStamp(now())));
    });
    s.on('data', (chunk: Buffer) => {
      const first = read(chunk)[0];
      if (first) done(first.type);
    });
    s.once('error', (e: NodeJS.ErrnoException) => done(null, e.code ?? e.message));
    s.once('close', () => done(null, tcp ? 'the PMS closed the connection' : 'connection closed'));
  });
}
