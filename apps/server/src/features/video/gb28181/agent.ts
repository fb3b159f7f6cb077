import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { AppContext } from '../../../platform/app-context.ts';
import { loadConfig, type StoredService } from '../../../platform/settings/service-config.ts';
import {
  cascadeTick,
  findParent,
  markUpwardFailed,
  parentOf,
  pushCatalog,
  sharedChannels,
  sharedIds,
} from './cascade.ts';
import {
  addDevice,
  countPending,
  type DeviceRow,
  findDevice,
  MAX_PENDING,
  markKeepalive,
  markRegistered,
  markUnregistered,
  registrationLapsed,
  sweepOffline,
} from './devices.ts';
import { challenge, checkDigest, NonceSigner, parseAuthorization } from './digest.ts';
import { DeviceRefused, NoReply, Unreachable } from './errors.ts';
import { buildBody, type Charset, charsetOf, type Manscdp, parseBody } from './manscdp.ts';
import { branchOf, header, param, responseTo, type SipMessage, uriUser } from './message.ts';
import { setAgent } from './registry.ts';
import { ClientTransactions, T1_MS } from './transaction.ts';
import { openTransport, type Peer, type SipTransport, type Transport } from './transport.ts';
import { forwardParentControl } from './upward-control.ts';

/**
 * The GB28181 SIP agent (DOMAIN 2.3): the registrar of the devices (REGISTER with digest), their
 * keepalives and the offline check, and the MANSCDP requests the video verbs send (queries and
 * controls). It runs beside the HTTP server on the ServiceConfig gb28181 port, UDP and TCP.
 */

export interface GbAgentOptions {
  host?: string;
  /** The ServiceConfig port when absent; 0 in tests (an ephemeral port). */
  port?: number;
  /** Timer T1 (tests shorten it); Timer F is 64·T1. */
  t1Ms?: number;
  /** How long a query waits for the device's Response MESSAGEs. */
  replyTimeoutMs?: number;
  /** How often the offline check runs. */
  sweepEveryMs?: number;
}

export interface GbAgent {
  port: number;
  /** Sends a Query and resolves with the device's Response MESSAGE(s) (all parts for a Catalog). */
  query(
    d: DeviceRow,
    cmdType: 'Catalog' | 'DeviceInfo' | 'DeviceStatus',
    /** How long to wait for the reply; the agent's reply timeout when absent (never longer). */
    timeoutMs?: number,
  ): Promise<Manscdp[]>;
  /** Sends a DeviceControl; resolves when the device accepted the MESSAGE (2xx). */
  control(d: DeviceRow, fields: [string, string | number][]): Promise<void>;
  /** INVITE for a live stream of a channel (SDP offer); the dialog is kept until `bye`. */
  invite(d: DeviceRow, channelId: string, sdp: string, subject: string): Promise<{ answer: string }>;
  /** Ends the play dialog of a channel (BYE); false when there is none. */
  bye(d: DeviceRow, channelId: string): Promise<boolean>;
  /**
   * A request to any peer (a parent platform) in a client transaction: the final response, whatever
   * its status. Via is added here; the caller gives the rest of the headers.
   */
  requestTo(
    peer: Peer,
    method: string,
    uri: string,
    headers: [string, string][],
    body?: Buffer,
  ): Promise<SipMessage>;
  /** A registration upward failed in a verb: stored (FAILED, why) once the verb's transaction ends. */
  upwardFailed(platformId: number, err: unknown): void;
  /** The address this agent puts in Via and Contact. */
  readonly self: string;
  /** The offline check now (tests; the timer runs it otherwise). */
  sweep(): Promise<number>;
  /** The keepalives and re-REGISTERs due to parent platforms now (tests; the timer runs it). */
  cascade(): Promise<void>;
  close(): Promise<void>;
}

export { DeviceRefused, NoReply };

/** An established play dialog (§12): what an in-dialog request (ACK, BYE) needs. */
interface Dialog {
  peer: Peer;
  callId: string;
  from: string;
  to: string;
  target: string;
  cseq: number;
}
/** Play dialogs kept at once: far above what a gateway's media server can take. */
const MAX_DIALOGS = 512;

/** A device's Expires when it sends none; and the bounds kept on what it asks. */
const DEFAULT_EXPIRES = 3600;
const MAX_EXPIRES = 86_400;
/** Responses kept to answer retransmitted requests (§17.2.2): bounded, dropped after Timer J. */
const MAX_CACHED = 2048;

const rand = (n = 8) => randomBytes(n).toString('hex');

/** The address put in our Via and Contact: the bound one, else this host's first IPv4. */
function publicHost(bound: string): string {
  if (bound !== '0.0.0.0' && bound !== '::') return bound;
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return '127.0.0.1';
}

/** `2026-11-27T04:45:12.000`: the Date of a REGISTER's 200, which devices set their clock from. */
function gbDate(ms: number): string {
  return new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 23);
}

/** A request's server transaction (§17.2.3): its branch and method, from the same source only. */
const cacheKey = (req: SipMessage, peer: Peer) =>
  `${peer.transport}|${peer.address}|${peer.port}|${branchOf(req)}|${req.method}`;

interface Collector {
  deviceId: string;
  address: string;
  charset: Charset;
  cmdType: string;
  sn: number;
  parts: Manscdp[];
  got: number;
  done(): void;
}

export async function startGbAgent(app: AppContext, opts: GbAgentOptions = {}): Promise<GbAgent> {
  const cfgAtStart = (await loadConfig(app)).gb28181;
  const host = opts.host ?? '0.0.0.0';
  const signer = new NonceSigner(app.now);
  const t1 = opts.t1Ms ?? T1_MS;
  const replyTimeoutMs = opts.replyTimeoutMs ?? 15_000;
  const answered = new Map<string, { buf: SipMessage; peer: Peer; at: number }>();
  const collectors = new Map<string, Collector>();
  let sn = Math.floor(Math.random() * 100_000);
  let cseq = 1;
  let transport: SipTransport | undefined;
  let upwardPass: Promise<void> | null = null;

  /**
   * The settings, read when a device's request comes in and by the periodic check; requests of
   * the verbs use the last read (server id, domain), never the database: a verb's call holds a
   * transaction, which on SQLite is the only connection.
   */
  let lastConfig = cfgAtStart;
  const config = async (): Promise<StoredService> => {
    lastConfig = (await loadConfig(app)).gb28181;
    return lastConfig;
  };

  const reply = (req: SipMessage, peer: Peer, res: SipMessage) => {
    const b = branchOf(req);
    if (b) {
      if (answered.size >= MAX_CACHED) answered.delete(answered.keys().next().value!);
      answered.set(cacheKey(req, peer), { buf: res, peer, at: Date.now() });
    }
    transport!.send(peer, res);
  };

  async function onRegister(req: SipMessage, peer: Peer): Promise<void> {
    const cfg = await config();
    const id = uriUser(header(req, 'from'));
    const toTag = rand(4);
    if (!/^\d{20}$/.test(id)) return reply(req, peer, responseTo(req, 400, 'Bad Request', [], toTag));
    let d = await findDevice(app, id);
    const admit = cfg.register_unknown === 'add' || cfg.register_unknown === 'pending';
    if (!d && !admit) return reply(req, peer, responseTo(req, 403, 'Forbidden', [], toTag));
    // An unknown device authenticates with the platform password before it is added to the list.
    const password = d?.password || String(cfg.password ?? '');
    const realm = String(cfg.domain || cfg.server_id || '');
    // wvp's rule: with no password at all (device or platform), a device registers without digest.
    if (password) {
      const auth = parseAuthorization(header(req, 'authorization'));
      const check = checkDigest(auth, { method: 'REGISTER', realm, password, username: id, signer });
      if (check !== 'ok') {
        const stale = check === 'stale' ? ', stale=TRUE' : '';
        return reply(
          req,
          peer,
          responseTo(
            req,
            check === 'wrong' ? 403 : 401,
            check === 'wrong' ? 'Forbidden' : 'Unauthorized',
            check === 'wrong' ? [] : [['www-authenticate', challenge(realm, signer.make()) + stale]],
            toTag,
          ),
        );
      }
    }
    // Only an authenticated device is added, so a stranger cannot fill the list; a pending one
    // (added now or earlier) is refused until an operator approves it (the approve verb).
    if (!d) {
      const pending = cfg.register_unknown === 'pending';
      if (pending && (await countPending(app)) >= MAX_PENDING)
        return reply(req, peer, responseTo(req, 403, 'Forbidden', [], toTag));
      await addDevice(app, id, pending);
      d = (await findDevice(app, id))!;
    }
    if (d.approval === 'pending') return reply(req, peer, responseTo(req, 403, 'Forbidden', [], toTag));
    const contact = header(req, 'contact');
    const asked = Number(header(req, 'expires') ?? param(contact, 'expires') ?? DEFAULT_EXPIRES);
    const expires = Number.isFinite(asked)
      ? Math.max(0, Math.min(MAX_EXPIRES, Math.trunc(asked)))
      : DEFAULT_EXPIRES;
    if (expires === 0) await markUnregistered(app, d);
    else await markRegistered(app, d, peer, expires);
    const extra: [string, string][] = [
      ['expires', String(expires)],
      ['date', gbDate(app.now())],
    ];
    if (contact) extra.push(['contact', contact]);
    reply(req, peer, responseTo(req, 200, 'OK', extra, toTag));
  }

  /** A Response MESSAGE to a query in progress: collected, its parts counted by SumNum. */
  function collect(c: Collector, m: Manscdp): void {
    if (m.sn && c.sn !== m.sn) return;
    c.parts.push(m);
    if (m.cmdType !== 'Catalog') {
      c.done();
      return;
    }
    const list = m.fields.DeviceList as { Item?: unknown[] } | undefined;
    c.got += Array.isArray(list?.Item) ? list.Item.length : 0;
    const sum = Number(m.fields.SumNum) || 0;
    // Parts are bounded: a device announcing more than it sends ends at the timeout.
    if (c.got >= sum || c.parts.length >= 500) c.done();
  }

  async function onMessage(req: SipMessage, peer: Peer): Promise<void> {
    const id = uriUser(header(req, 'from'));
    // A reply to a query in progress is taken without the database: the verb waiting for it runs
    // in one transaction, which on SQLite holds the only connection until the reply is in.
    for (const c of collectors.values()) {
      if (c.deviceId !== id || c.address !== peer.address) continue;
      const m = parseBody(req.body, c.charset);
      const mine = m?.root === 'Response' ? collectors.get(`${id}|${m.cmdType}`) : undefined;
      if (!m || !mine) break;
      reply(req, peer, responseTo(req, 200, 'OK', [], rand(4)));
      collect(mine, m);
      return;
    }
    const d = /^\d{20}$/.test(id) ? await findDevice(app, id) : undefined;
    const toTag = rand(4);
    if (!d && /^\d{20}$/.test(id)) {
      // A parent platform (cascade): its catalogue query is answered with the channels it shares,
      // its DeviceControl forwarded to the device (upward-control.ts) and answered with the outcome.
      const parent = await findParent(app, id, peer.address);
      if (parent) {
        const q = parseBody(req.body, charsetOf(parent.charset));
        if (q?.root === 'Control' && q.cmdType === 'DeviceControl') {
          // 100 while the device is asked: what a retransmission of the MESSAGE gets meanwhile,
          // so the command is forwarded once.
          const out = await forwardParentControl(app, agent, parent, q, () =>
            reply(req, peer, responseTo(req, 100, 'Trying')),
          );
          return reply(req, peer, responseTo(req, out.status, out.reason, [], toTag));
        }
        reply(req, peer, responseTo(req, 200, 'OK', [], toTag));
        if (q?.root === 'Query' && q.cmdType === 'Catalog') {
          const items = await sharedChannels(app, sharedIds(parent.channel_ids));
          await pushCatalog(agent, parentOf(parent, String(parent.password ?? '')), items, q.sn);
        }
        return;
      }
    }
    // A device that never registered, or whose registration lapsed or ended, is not heard until
    // it registers again (a keepalive does not revive an expired registration).
    if (!d?.ip || registrationLapsed(d, app.now()))
      return reply(req, peer, responseTo(req, 403, 'Forbidden', [], toTag));
    reply(req, peer, responseTo(req, 200, 'OK', [], toTag));
    const m = parseBody(req.body, charsetOf(d.charset));
    if (!m) return;
    if (m.root === 'Notify' && m.cmdType === 'Keepalive') {
      if (d.ip === peer.address) await markKeepalive(app, d);
      return;
    }
    // A late Response (its query gone) is answered 200 above and dropped.
  }

  const handle = (msg: SipMessage, peer: Peer) => {
    if (msg.status) {
      transactions.response(branchOf(msg), msg);
      return;
    }
    const again = answered.get(cacheKey(msg, peer));
    if (again) return transport!.send(peer, again.buf);
    const work =
      msg.method === 'REGISTER'
        ? onRegister(msg, peer)
        : msg.method === 'MESSAGE'
          ? onMessage(msg, peer)
          : msg.method === 'ACK'
            ? Promise.resolve()
            : msg.method === 'OPTIONS' || msg.method === 'BYE'
              ? Promise.resolve(reply(msg, peer, responseTo(msg, 200, 'OK', [], rand(4))))
              : Promise.resolve(
                  reply(
                    msg,
                    peer,
                    responseTo(msg, 405, 'Method Not Allowed', [
                      ['allow', 'REGISTER, MESSAGE, OPTIONS, BYE, ACK'],
                    ]),
                  ),
                );
    work.catch((err: unknown) => {
      app.log.error({ err }, 'GB28181 request failed');
      if (msg.method !== 'ACK') transport?.send(peer, responseTo(msg, 500, 'Server Internal Error'));
    });
  };

  transport = await openTransport({
    host,
    port: opts.port ?? Number(cfgAtStart.port ?? 15060),
    now: app.now,
    onMessage: handle,
    onError: (err) => app.log.warn({ err }, 'GB28181 transport error'),
    onUnreachable: (peer, err) => transactions.failPeer(peer, new Unreachable(err.message)),
  });
  const self = publicHost(host);
  const transactions = new ClientTransactions((peer, m) => transport!.send(peer, m), t1);

  const peerOf = (d: DeviceRow): Peer => {
    if (!d.ip || !d.port) throw new NoReply('not registered');
    return { transport: (d.transport === 'TCP' ? 'TCP' : 'UDP') as Transport, address: d.ip, port: d.port };
  };

  const via = (peer: Peer, branch: string): [string, string] => [
    'via',
    `SIP/2.0/${peer.transport} ${self}:${transport!.port};rport;branch=${branch}`,
  ];

  /** A request outside a dialog (MESSAGE, INVITE), in a client transaction; rejects unless 2xx. */
  async function sendRequest(
    d: DeviceRow,
    method: 'MESSAGE' | 'INVITE',
    user: string,
    contentType: string,
    body: Buffer,
    extra: [string, string][] = [],
  ): Promise<{ req: SipMessage; res: SipMessage; peer: Peer }> {
    const cfg = lastConfig;
    const peer = peerOf(d);
    const branch = `z9hG4bK${rand()}`;
    const domain = String(cfg.domain ?? '');
    const req: SipMessage = {
      method,
      uri: `sip:${user}@${peer.address}:${peer.port}`,
      headers: [
        via(peer, branch),
        ['from', `<sip:${cfg.server_id}@${domain}>;tag=${rand(4)}`],
        ['to', `<sip:${user}@${domain}>`],
        ['call-id', `${rand()}@${self}`],
        ['cseq', `${cseq++} ${method}`],
        ['max-forwards', '70'],
        ['user-agent', 'IGS-GB28181'],
        ...extra,
        ['content-type', contentType],
      ],
      body,
    };
    const res = await transactions.request(peer, req, branch);
    if ((res.status ?? 0) >= 300) throw new DeviceRefused(res.status ?? 0);
    return { req, res, peer };
  }

  const sendMessage = (d: DeviceRow, body: Buffer) =>
    sendRequest(d, 'MESSAGE', String(d.device_id), 'Application/MANSCDP+xml', body);

  /** An in-dialog request (ACK without a transaction, BYE within one). */
  function inDialog(dlg: Dialog, method: 'ACK' | 'BYE', cseqNo: number): { msg: SipMessage; branch: string } {
    const branch = `z9hG4bK${rand()}`;
    const msg: SipMessage = {
      method,
      uri: dlg.target,
      headers: [
        via(dlg.peer, branch),
        ['from', dlg.from],
        ['to', dlg.to],
        ['call-id', dlg.callId],
        ['cseq', `${cseqNo} ${method}`],
        ['max-forwards', '70'],
      ],
      body: Buffer.alloc(0),
    };
    return { msg, branch };
  }
  const dialogs = new Map<string, Dialog>();

  /** BYE in the dialog; a 481 (the device forgot it) is an ended dialog too. */
  async function byeDialog(dlg: Dialog): Promise<void> {
    const { msg, branch } = inDialog(dlg, 'BYE', ++dlg.cseq);
    const res = await transactions.request(dlg.peer, msg, branch);
    if ((res.status ?? 0) >= 300 && res.status !== 481) throw new DeviceRefused(res.status ?? 0);
  }

  const agent: GbAgent = {
    port: transport.port,
    async query(d, cmdType, timeoutMs) {
      const wait = Math.min(timeoutMs ?? replyTimeoutMs, replyTimeoutMs);
      const n = ++sn;
      const k = `${d.device_id}|${cmdType}`;
      // One query of a kind per device at a time: a second one waits for no stray parts.
      if (collectors.has(k)) throw new NoReply('a query of this kind is already waiting');
      let timer: NodeJS.Timeout | undefined;
      const done = new Promise<Manscdp[]>((resolve, reject) => {
        const c: Collector = {
          deviceId: String(d.device_id),
          address: String(d.ip),
          charset: charsetOf(d.charset),
          cmdType,
          sn: n,
          parts: [],
          got: 0,
          done: () => resolve(c.parts),
        };
        collectors.set(k, c);
        timer = setTimeout(
          () =>
            c.parts.length && cmdType === 'Catalog' ? resolve(c.parts) : reject(new NoReply('no reply')),
          wait,
        );
      });
      done.catch(() => {}); // awaited below only once the MESSAGE is accepted
      try {
        await sendMessage(d, buildBody('Query', cmdType, n, String(d.device_id), charsetOf(d.charset)));
        return await done;
      } finally {
        clearTimeout(timer);
        collectors.delete(k);
      }
    },
    async control(d, fields) {
      const cs: Charset = charsetOf(d.charset);
      await sendMessage(d, buildBody('Control', 'DeviceControl', ++sn, String(d.device_id), cs, fields));
    },
    async invite(d, channelId, sdp, subject) {
      const key = `${d.device_id}|${channelId}`;
      if (dialogs.size >= MAX_DIALOGS && !dialogs.has(key)) throw new NoReply('too many streams in progress');
      const cfg = lastConfig;
      const contact: [string, string] = ['contact', `<sip:${cfg.server_id}@${self}:${transport!.port}>`];
      const { req, res, peer } = await sendRequest(
        d,
        'INVITE',
        channelId,
        'APPLICATION/SDP',
        Buffer.from(sdp),
        [contact, ['subject', subject]],
      );
      const target = /<([^>]+)>/.exec(header(res, 'contact') ?? '')?.[1] ?? req.uri!;
      const dlg: Dialog = {
        peer,
        callId: header(req, 'call-id')!,
        from: header(req, 'from')!,
        to: header(res, 'to')!,
        target,
        cseq: Number(header(req, 'cseq')!.split(' ')[0]),
      };
      // The 2xx is acknowledged outside the transaction (§13.2.2.4): a new branch, the same CSeq.
      transport!.send(peer, inDialog(dlg, 'ACK', dlg.cseq).msg);
      const old = dialogs.get(key);
      dialogs.set(key, dlg);
      if (old) await byeDialog(old).catch(() => {}); // a replaced play of the same channel
      return { answer: res.body.toString('utf8').slice(0, 4096) };
    },
    async bye(d, channelId) {
      const key = `${d.device_id}|${channelId}`;
      const dlg = dialogs.get(key);
      if (!dlg) return false;
      dialogs.delete(key);
      await byeDialog(dlg);
      return true;
    },
    requestTo(peer, method, uri, headers, body = Buffer.alloc(0)) {
      const branch = `z9hG4bK${rand()}`;
      const msg: SipMessage = { method, uri, headers: [via(peer, branch), ...headers], body };
      return transactions.request(peer, msg, branch);
    },
    upwardFailed(platformId, err) {
      markUpwardFailed(app, platformId, err).catch((e: unknown) =>
        app.log.error({ err: e }, 'GB28181 platform state not stored'),
      );
    },
    get self() {
      return self;
    },
    sweep: () => sweepOffline(app),
    cascade() {
      // One pass at a time (the timer's and a caller's share it): a pass may wait on a parent.
      upwardPass ??= cascadeTick(app, agent, () => ++sn).finally(() => {
        upwardPass = null;
      });
      return upwardPass;
    },
    async close() {
      clearInterval(sweeper);
      clearInterval(pruner);
      clearInterval(upwardTimer);
      setAgent(app, undefined);
      transactions.closeAll();
      await transport!.close();
    },
  };

  // The offline check, and the retransmission cache's expiry (Timer J: 64·T1).
  const sweeper = setInterval(() => {
    Promise.all([config(), sweepOffline(app)]).catch((err: unknown) =>
      app.log.error({ err }, 'GB28181 offline check failed'),
    );
  }, opts.sweepEveryMs ?? 10_000);
  sweeper.unref();
  // Upward (cascade): keepalives and re-REGISTERs to parent platforms.
  const upwardTimer = setInterval(() => {
    agent.cascade().catch((err: unknown) => app.log.error({ err }, 'GB28181 cascade keepalive failed'));
  }, 5_000);
  upwardTimer.unref();
  const pruner = setInterval(() => {
    const old = Date.now() - 64 * t1;
    for (const [k, v] of answered) if (v.at < old) answered.delete(k);
  }, 5_000);
  pruner.unref();
  setAgent(app, agent);
  return agent;
}
