import net from 'node:net';

/**
 * A small client of Asterisk's manager interface (AMI, manager.conf): one TCP connection per verb,
 * Login, the verb's actions, Logoff. Messages are `Key: Value` lines ending with a blank line;
 * replies are matched to their action by ActionID, and an action that answers with an event list
 * (`EventList: start`) resolves once its closing event (`EventList: Complete`) has arrived. Every
 * step has a short timeout, so a verb answers promptly when Asterisk is absent.
 */

export interface AmiTarget {
  host: string;
  port: number;
  username: string;
  secret: string;
}

/** Where the manager interface is: ASTERISK_AMI_HOST/PORT, with the account of ASTERISK_AMI_USER/SECRET. */
export function amiTarget(env: NodeJS.ProcessEnv = process.env): AmiTarget {
  const port = Number(env.ASTERISK_AMI_PORT);
  return {
    host: env.ASTERISK_AMI_HOST || '127.0.0.1',
    port: Number.isInteger(port) && port > 0 && port < 65536 ? port : 5038,
    username: env.ASTERISK_AMI_USER || 'igs',
    secret: env.ASTERISK_AMI_SECRET ?? '',
  };
}

export type AmiMessage = Record<string, string>;
export type AmiFields = Record<string, string | number | undefined>;

export interface AmiReply {
  response: AmiMessage;
  /** The events of an event-list action (ConfbridgeList), without its closing event. */
  events: AmiMessage[];
}

export type AmiFailure = 'unreachable' | 'protocol' | 'login' | 'action';

export class AmiError extends Error {
  readonly kind: AmiFailure;
  /** The action that failed (Login for the login), for the caller's message. */
  readonly action: string;
  readonly reason: string;
  constructor(kind: AmiFailure, action: string, reason: string) {
    super(`${kind} ${action}: ${reason}`);
    this.kind = kind;
    this.action = action;
    this.reason = reason;
  }
}

/** One message from its lines; header names as Asterisk writes them (Response, ActionID, …). */
export function parseAmiMessage(block: string): AmiMessage {
  const out: AmiMessage = {};
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim();
    // Repeated keys (Output: of Command) are kept joined, in order.
    const value = line.slice(colon + 1).trim();
    out[key] = key in out ? `${out[key]}\n${value}` : value;
  }
  return out;
}

/** An action as sent: a value holding a line break would start another header, so it is refused. */
export function formatAmiAction(fields: AmiFields): string {
  let text = '';
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    const value = String(v);
    if (/[\r\n]/.test(k) || /[\r\n]/.test(value)) throw new Error(`AMI header ${k} holds a line break`);
    text += `${k}: ${value}\r\n`;
  }
  return `${text}\r\n`;
}

interface Pending {
  action: string;
  resolve(reply: AmiReply): void;
  reject(e: Error): void;
  response?: AmiMessage;
  events: AmiMessage[];
  timer: NodeJS.Timeout;
}

export interface AmiSession {
  /** Sends an action and waits for its reply; a `Response: Error` rejects with its Message. */
  send(fields: AmiFields & { Action: string }): Promise<AmiReply>;
}

/**
 * Connects, logs in, runs `work`, logs off. Throws AmiError: unreachable (no connection within
 * the timeout), protocol (the peer is not an AMI), login (the account is refused), action.
 */
export async function withAmi<T>(
  target: AmiTarget,
  work: (ami: AmiSession) => Promise<T>,
  timeoutMs = 3000,
): Promise<T> {
  const socket = new net.Socket();
  socket.setEncoding('utf8');
  let buffer = '';
  let banner: string | null = null;
  let bannerWait: { resolve(): void; reject(e: Error): void } | null = null;
  let closed: Error | null = null;
  let seq = 0;
  const pending = new Map<string, Pending>();

  const failAll = (e: Error) => {
    closed = e;
    bannerWait?.reject(e);
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      p.reject(e);
    }
    pending.clear();
  };

  const deliver = (msg: AmiMessage) => {
    const id = msg.ActionID;
    const p = id ? pending.get(id) : undefined;
    if (!p) return; // an event nobody asked for
    if (!p.response) {
      p.response = msg;
      if (msg.Response === 'Error') {
        clearTimeout(p.timer);
        pending.delete(id!);
        p.reject(new AmiError('action', p.action, msg.Message || 'Error'));
        return;
      }
      if (String(msg.EventList ?? '').toLowerCase() !== 'start') {
        clearTimeout(p.timer);
        pending.delete(id!);
        p.resolve({ response: msg, events: [] });
      }
      return;
    }
    if (String(msg.EventList ?? '').toLowerCase() === 'complete') {
      clearTimeout(p.timer);
      pending.delete(id!);
      p.resolve({ response: p.response, events: p.events });
      return;
    }
    p.events.push(msg);
  };

  socket.on('data', (chunk: string) => {
    buffer += chunk.replaceAll('\r\n', '\n');
    if (banner === null) {
      const nl = buffer.indexOf('\n');
      if (nl < 0) return;
      banner = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (!/^Asterisk Call Manager\//i.test(banner)) {
        bannerWait?.reject(new AmiError('protocol', 'connect', `it greeted with "${banner.slice(0, 60)}"`));
        socket.destroy();
        return;
      }
      bannerWait?.resolve();
    }
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.trim()) deliver(parseAmiMessage(block));
      end = buffer.indexOf('\n\n');
    }
  });
  socket.on('error', (e) =>
    failAll(new AmiError('unreachable', 'connect', (e as NodeJS.ErrnoException).code ?? e.message)),
  );
  socket.on('close', () =>
    failAll(closed ?? new AmiError('unreachable', 'connect', 'the connection was closed')),
  );

  const session: AmiSession = {
    send(fields) {
      if (closed) return Promise.reject(closed);
      const id = `igs-${++seq}`;
      return new Promise<AmiReply>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          // Asterisk stopped answering: as unreachable as not answering at all.
          reject(new AmiError('unreachable', fields.Action, `no answer within ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { action: fields.Action, resolve, reject, events: [], timer });
        try {
          socket.write(formatAmiAction({ ...fields, ActionID: id }));
        } catch (e) {
          clearTimeout(timer);
          pending.delete(id);
          reject(e as Error);
        }
      });
    },
  };

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new AmiError('unreachable', 'connect', `no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      bannerWait = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      socket.connect(target.port, target.host);
    });
    bannerWait = null;
    try {
      await session.send({
        Action: 'Login',
        Username: target.username,
        Secret: target.secret,
        Events: 'off',
      });
    } catch (e) {
      if (e instanceof AmiError && e.kind === 'action') throw new AmiError('login', 'Login', e.reason);
      throw e;
    }
    const out = await work(session);
    // Logoff is a courtesy: the work is done whatever it answers.
    await session.send({ Action: 'Logoff' }).catch(() => undefined);
    return out;
  } finally {
    for (const p of pending.values()) clearTimeout(p.timer);
    socket.destroy();
  }
}
