import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { HotStandbyState, PeerCheck } from '@igs/contract/extras';
import type { AppContext } from '../../platform/app-context.ts';
import { findBinary, runFile } from '../../platform/host/host-exec.ts';
import { formatDateTime } from '../../platform/lib/time.ts';

/**
 * What keepalived reported last (the notify script posts it; kept in a file, since VRRP state
 * belongs to this host, not to the shared database), the notify script's shared key, and the
 * peer reachability check.
 */

const KEY_NAME = 'system:hot_standby:notify_key';

function stateFile(app: AppContext): string {
  return path.join(app.config.dataDir, 'run', 'hot-standby-state.json');
}

export interface ReportedState {
  state: HotStandbyState;
  priority: number | null;
  at: string;
}

export async function readState(app: AppContext): Promise<ReportedState> {
  try {
    const v = JSON.parse(await fs.readFile(stateFile(app), 'utf8')) as {
      state: HotStandbyState;
      priority: number;
      at: number;
    };
    return { state: v.state, priority: v.priority ?? null, at: formatDateTime(v.at) };
  } catch {
    return { state: 'unknown', priority: null, at: '' };
  }
}

export async function writeState(
  app: AppContext,
  state: HotStandbyState,
  priority: number | null,
): Promise<void> {
  const file = stateFile(app);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${randomBytes(4).toString('hex')}`;
  await fs.writeFile(tmp, JSON.stringify({ state, priority, at: app.now() }));
  await fs.rename(tmp, file);
}

/** The notify script's key, made at first use and kept with the settings. */
export async function notifyKey(app: AppContext): Promise<string> {
  const db = app.db.kysely;
  const row = await db
    .selectFrom('singletons')
    .select('value')
    .where('name', '=', KEY_NAME)
    .where('site_id', '=', 0)
    .executeTakeFirst();
  if (row) return JSON.parse(row.value) as string;
  const key = randomBytes(24).toString('hex');
  await db
    .insertInto('singletons')
    .values({
      name: KEY_NAME,
      site_id: 0,
      value: JSON.stringify(key),
      updated_by: 'system',
      updated_at: app.now(),
    })
    .onConflict((oc) => oc.columns(['name', 'site_id']).doNothing())
    .execute();
  // Another instance may have made one first: use whichever is stored.
  return notifyKey(app);
}

export function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function tcpProbe(host: string, port: number, timeoutMs: number): Promise<PeerCheck['tcp']> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect({ host, port });
    const done = (ok: boolean, error = '') => {
      socket.destroy();
      resolve({ port, ok, ms: ok ? Date.now() - started : null, error });
    };
    socket.setTimeout(timeoutMs, () => done(false, `no answer within ${timeoutMs / 1000} s`));
    socket.once('connect', () => done(true));
    socket.once('error', (e: NodeJS.ErrnoException) => done(false, e.code ?? e.message));
  });
}

/**
 * Whether the peer answers: a TCP connection to its console port (the peer runs this console),
 * and one ping where ping is installed. `peer` is a validated IP address.
 */
export async function checkPeer(peer: string, port: number): Promise<PeerCheck> {
  const [tcp, ping] = await Promise.all([
    tcpProbe(peer, port, 2000),
    (async (): Promise<PeerCheck['ping']> => {
      const bin = await findBinary('ping');
      if (!bin) return { ran: false, ok: false, output: 'ping is not installed on this host' };
      const r = await runFile(bin, ['-c', '1', '-W', '2', '--', peer], { timeoutMs: 5000 });
      return { ran: true, ok: r.code === 0, output: `${r.stdout}${r.stderr}`.trim().slice(-500) };
    })(),
  ]);
  return { peer_ip: peer, tcp, ping };
}
