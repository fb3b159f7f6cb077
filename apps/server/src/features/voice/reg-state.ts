import os from 'node:os';
import type { AppContext } from '../../platform/app-context.ts';
import type { Conn } from '../../platform/db/schema.ts';
import { asteriskBinary, consoleAnswered, runConsole } from './asterisk.ts';

/**
 * The registration state of the extensions (voice/Extension `reg_state` and `contact`) kept true
 * to the host: a periodic sweep asks this host's Asterisk for its PJSIP contacts (`pjsip show
 * contacts` on the remote console, as the management page does) and writes, per extension of the
 * gateway (site 0), `online` (a contact registered and answering or not qualified),
 * `unreachable` (registered, but every contact fails its qualify) or `offline` (no contact).
 * Where Asterisk is not installed, not running or its console does not answer, the states are
 * unknown and emptied: a list never shows a "registered" that nobody can vouch for.
 *
 * Several instances may share one database. Each writes only what differs, so instances on one
 * host (one Asterisk) agree. An instance that reads no Asterisk leaves the states alone while
 * another host read them within LIVE_WINDOW_MS (its Asterisk owns them; the shared mark is a row
 * of `voice_settings`), and empties them once that host fell silent, or at once when the last
 * reading was its own host's.
 */

/** How often the sweep looks: about a qualify interval. */
export const REG_SWEEP_EVERY_MS = 30_000;
/** How long another host's reading holds the states for an instance that sees no Asterisk. */
export const LIVE_WINDOW_MS = 3 * REG_SWEEP_EVERY_MS;
/** The `voice_settings` row naming the host and time of the last live reading. */
const MARK = 'reg_probe';

/** One line of `pjsip show contacts` (res_pjsip/location.c cli_contact_print_body). */
export interface ContactLine {
  aor: string;
  /** As printed: Asterisk cuts a long URI to the width of its column. */
  uri: string;
  hash: string;
  /** Avail, Unavail, NonQual (Asterisk 16+; Unknown before), Created, Removed. */
  status: string;
  rtt_ms: number | null;
  /** host:port of the URI, or null when the printed URI may have cut it. */
  address: string | null;
}

// The column title Asterisk prints before the contacts (cli_contact_print_header).
const HEADER = /^\s*Contact:\s+<Aor\/ContactUri\.*>\s+<Hash\.*>\s+<Status>\s+<RTT\(ms\)\.*>\s*$/;
const LINE = /^\s*Contact:\s+([^\s/<]+)\/(\S+)\s+(\S+)\s+([A-Za-z]+)\s+(\S+)\s*$/;
/** The width of the URI column after `aor/`: CLI_LAST_TABSTOP - indent(9) - 9 - len(aor) + 1. */
const uriWidth = (aor: string) => 45 - aor.length;

/** host:port of a contact URI as printed, or null when not read or possibly cut short. */
export function contactAddress(aor: string, uri: string): string | null {
  const m = /^sips?:(?:[^@;>\s]*@)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?(.*)$/.exec(uri);
  if (!m) return null;
  // Printed to the column's full width and ending inside the address: the rest may be missing.
  if (uri.length >= uriWidth(aor) && m[3] === '') return null;
  return m[2] ? `${m[1]}:${m[2]}` : m[1]!;
}

/**
 * The contacts of `pjsip show contacts`, or null when the text is not that table (a console
 * without res_pjsip answers "No such command …"): unknown is not "no contacts".
 */
export function parseContactTable(text: string): ContactLine[] | null {
  const lines = text.split(/\r?\n/);
  if (lines.some((l) => l.trim() === 'No objects found.')) return [];
  if (!lines.some((l) => HEADER.test(l))) return null;
  const out: ContactLine[] = [];
  for (const line of lines) {
    const m = LINE.exec(line);
    if (!m) continue;
    const rtt = Number(m[5]);
    out.push({
      aor: m[1]!,
      uri: m[2]!,
      hash: m[3]!,
      status: m[4]!,
      rtt_ms: Number.isFinite(rtt) ? rtt : null,
      address: contactAddress(m[1]!, m[2]!),
    });
  }
  return out;
}

export type RegState = 'online' | 'unreachable' | 'offline';

export interface ExtensionState {
  reg_state: RegState;
  contact: string | null;
}

/**
 * Each extension's state from the contacts of its AOR (named by the number, config/pjsip.ts):
 * online when a contact is anything but Unavail (a contact being Removed does not count),
 * unreachable when every contact is Unavail, offline without contacts.
 */
export function extensionStates(contacts: readonly ContactLine[], numbers: readonly string[]) {
  const out = new Map<string, ExtensionState>();
  for (const n of numbers) {
    const mine = contacts.filter((c) => c.aor === n && c.status !== 'Removed');
    const up = mine.find((c) => c.status !== 'Unavail');
    if (up) out.set(n, { reg_state: 'online', contact: up.address });
    else if (mine.length) out.set(n, { reg_state: 'unreachable', contact: mine[0]!.address });
    else out.set(n, { reg_state: 'offline', contact: null });
  }
  return out;
}

/** What this host's Asterisk says: its contacts, or null when it cannot say (absent, stopped). */
export async function readHostContacts(): Promise<ContactLine[] | null> {
  const binary = await asteriskBinary();
  if (!binary) return null;
  const r = await runConsole(binary, 'pjsip show contacts');
  return consoleAnswered(r) ? parseContactTable(r.stdout) : null;
}

export interface SweepOptions {
  /** This instance's host (os.hostname()); the instances of one host share its Asterisk. */
  host?: string;
}

export interface SweepResult {
  /** live: read from Asterisk; cleared: states emptied; kept: another host's reading holds. */
  source: 'live' | 'cleared' | 'kept';
  changed: number;
}

async function readMark(db: Conn): Promise<{ host: string; at: number } | null> {
  const row = await db
    .selectFrom('voice_settings')
    .select('value')
    .where('name', '=', MARK)
    .executeTakeFirst();
  try {
    const v = row ? (JSON.parse(String(row.value)) as { host?: unknown; at?: unknown }) : null;
    return v && typeof v.host === 'string' && typeof v.at === 'number' ? { host: v.host, at: v.at } : null;
  } catch {
    return null;
  }
}

async function writeMark(db: Conn, host: string, now: number): Promise<void> {
  const value = JSON.stringify({ host, at: now });
  await db
    .insertInto('voice_settings')
    .values({ name: MARK, value, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: now }))
    .execute();
}

/** One pass: reads this host's Asterisk and writes the states that differ. */
export async function sweepRegStates(app: AppContext, opts: SweepOptions = {}): Promise<SweepResult> {
  const db = app.db.kysely;
  const host = opts.host ?? os.hostname();
  const contacts = await readHostContacts();
  const now = app.now();
  const rows = await db
    .selectFrom('voice_extension')
    .select(['id', 'extension', 'reg_state', 'contact'])
    .where('site_id', '=', 0)
    .execute();
  let changed = 0;
  const write = async (id: number, reg_state: string | null, contact: string | null) => {
    await db.updateTable('voice_extension').set({ reg_state, contact }).where('id', '=', id).execute();
    changed++;
  };
  if (contacts) {
    const states = extensionStates(
      contacts,
      rows.map((r) => String(r.extension)),
    );
    for (const r of rows) {
      const s = states.get(String(r.extension))!;
      if (r.reg_state !== s.reg_state || (r.contact ?? null) !== s.contact)
        await write(Number(r.id), s.reg_state, s.contact);
    }
    await writeMark(db, host, now);
    return { source: 'live', changed };
  }
  const mark = await readMark(db);
  if (mark && mark.host !== host && now - mark.at < LIVE_WINDOW_MS) return { source: 'kept', changed };
  for (const r of rows) if (r.reg_state !== null || r.contact !== null) await write(Number(r.id), null, null);
  return { source: 'cleared', changed };
}

/** Starts the sweep on this instance (a first pass at once); its timer never holds the process. */
export function startRegStateSweep(app: AppContext, everyMs = REG_SWEEP_EVERY_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    running = sweepRegStates(app)
      .catch((err) => app.log.error({ err }, 'voice registration sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(pass, 0);
  first.unref();
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
