import dgram from 'node:dgram';
import net from 'node:net';
import { framedLength, MAX_MESSAGE, parseMessage, type SipMessage, serialize } from './message.ts';

/**
 * UDP and TCP on the one SIP port (GB28181 devices use either). Every message is rate limited per
 * source address before it is parsed; a malformed one is dropped without an answer (a reply to a
 * forged source would make this server an amplifier). TCP connections are kept by peer address
 * so requests to a device registered over TCP go back on its connection (§18.2.2).
 */

export type Transport = 'UDP' | 'TCP';

export interface Peer {
  transport: Transport;
  address: string;
  port: number;
}

export interface SipTransport {
  port: number;
  send(peer: Peer, msg: SipMessage): void;
  close(): Promise<void>;
}

/** Messages per source address per second, with a burst: far above a camera's keepalives. */
const RATE_PER_S = 50;
const BURST = 200;
const MAX_TCP_CONNECTIONS = 1024;
/** An idle TCP connection is closed after this (devices keep theirs alive with keepalives). */
const TCP_IDLE_MS = 10 * 60_000;

/** A token bucket per source address; its table is bounded (oldest dropped). */
export class RateLimit {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly now: () => number;
  private readonly perS: number;
  private readonly burst: number;
  constructor(now: () => number, perS = RATE_PER_S, burst = BURST) {
    this.now = now;
    this.perS = perS;
    this.burst = burst;
  }

  allow(address: string): boolean {
    const now = this.now();
    let b = this.buckets.get(address);
    if (!b) {
      if (this.buckets.size >= 10_000) this.buckets.delete(this.buckets.keys().next().value!);
      b = { tokens: this.burst, at: now };
      this.buckets.set(address, b);
    }
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perS);
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }
}

const key = (address: string, port: number) => `${address}|${port}`;

export async function openTransport(opts: {
  host: string;
  port: number;
  now: () => number;
  onMessage: (msg: SipMessage, peer: Peer) => void;
  onError: (err: unknown) => void;
  /** A TCP connection to `peer` could not be opened (refused, no route): its requests fail now. */
  onUnreachable?: (peer: Peer, err: Error) => void;
}): Promise<SipTransport> {
  const limit = new RateLimit(opts.now);
  const deliver = (buf: Buffer, peer: Peer) => {
    let msg: SipMessage;
    try {
      msg = parseMessage(buf);
    } catch {
      return; // malformed: dropped (see above)
    }
    opts.onMessage(msg, peer);
  };

  const onDatagram = (buf: Buffer, rinfo: dgram.RemoteInfo) => {
    if (buf.length === 0 || buf.length <= 4) return; // CRLF keep-alive pings (RFC 5626)
    if (!limit.allow(rinfo.address)) return;
    deliver(buf, { transport: 'UDP', address: rinfo.address, port: rinfo.port });
  };

  const sockets = new Map<string, net.Socket>();
  const track = (sock: net.Socket, to?: Peer) => {
    const peer: Peer = to ?? {
      transport: 'TCP',
      address: sock.remoteAddress ?? '',
      port: sock.remotePort ?? 0,
    };
    const k = key(peer.address, peer.port);
    sockets.set(k, sock);
    sock.setTimeout(TCP_IDLE_MS, () => sock.destroy());
    let buf = Buffer.alloc(0);
    sock.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      // Several messages may arrive in one chunk: bounded by the buffer, itself bounded.
      for (let i = 0; i < 64; i++) {
        while (buf.length && (buf[0] === 0x0d || buf[0] === 0x0a)) buf = buf.subarray(1);
        let n: number | null;
        try {
          n = framedLength(buf);
        } catch {
          sock.destroy(); // a stream that cannot be framed cannot be resynchronised
          return;
        }
        if (n === null) break;
        const one = buf.subarray(0, n);
        buf = buf.subarray(n);
        if (limit.allow(peer.address)) deliver(one, peer);
      }
      if (buf.length > MAX_MESSAGE) sock.destroy();
    });
    sock.on('error', () => sock.destroy());
    sock.on('close', () => {
      if (sockets.get(k) === sock) sockets.delete(k);
    });
  };
  /** UDP on `wanted` (0: any free port), then TCP on the same port. */
  const bindPair = async (wanted: number) => {
    const udp = dgram.createSocket(opts.host.includes(':') ? 'udp6' : 'udp4');
    udp.on('message', onDatagram);
    udp.on('error', opts.onError);
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(wanted, opts.host, () => {
        udp.off('error', reject);
        resolve();
      });
    });
    const tcp = net.createServer((sock) => {
      if (sockets.size >= MAX_TCP_CONNECTIONS) return sock.destroy();
      track(sock);
    });
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(udp.address().port, opts.host, () => {
        tcp.off('error', reject);
        tcp.on('error', opts.onError);
        resolve();
      });
    }).catch((e) => {
      udp.close();
      throw e;
    });
    return { udp, tcp };
  };
  // An ephemeral UDP port's TCP twin may be taken by another program: a few other ports are tried
  // (a configured port is not: its clash is the operator's to see).
  let pair: Awaited<ReturnType<typeof bindPair>> | undefined;
  for (let attempt = 1; !pair; attempt++) {
    try {
      pair = await bindPair(opts.port);
    } catch (e) {
      const inUse = (e as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (opts.port !== 0 || !inUse || attempt >= 5) throw e;
    }
  }
  const { udp, tcp } = pair;
  const port = udp.address().port;

  let closed = false;
  return {
    port,
    send(peer, msg) {
      if (closed) return; // a late answer after the agent stopped goes nowhere
      const data = serialize(msg);
      if (peer.transport === 'UDP') {
        udp.send(data, peer.port, peer.address, (err) => err && opts.onError(err));
        return;
      }
      let sock = sockets.get(key(peer.address, peer.port));
      if (!sock || sock.destroyed) {
        const fresh = net.connect(peer.port, peer.address);
        let connected = false;
        fresh.once('connect', () => {
          connected = true;
        });
        fresh.once('error', (err) => {
          if (!connected) opts.onUnreachable?.(peer, err);
        });
        sock = fresh;
        track(sock, peer);
      }
      sock.write(data);
    },
    async close() {
      closed = true;
      for (const s of sockets.values()) s.destroy();
      await Promise.all([
        new Promise<void>((r) => udp.close(() => r())),
        new Promise<void>((r) => tcp.close(() => r())),
      ]);
    },
  };
}
