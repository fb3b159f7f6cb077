import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AppContext } from '../../platform/app-context.ts';
import { untyped } from '../../platform/resources/queries.ts';
import { itmsConfig } from '../../platform/settings/itms-config.ts';
import { AC_AGENT, AGENT_POLL_S } from '../ac/index.ts';
import { acsFault, envelope } from '../cwmp/index.ts';
import { HEARTBEAT_S, TABLES, TERMINAL_API } from '../terminal-api/index.ts';
import { digestResponse } from '../tr069-extras/index.ts';
import { DEMO_APS, type DemoAp, demoStations } from './hotel/ac.ts';
import { DEMO_BOXES, type DemoBox } from './hotel/smart.ts';
import { CPE_FACTS, DEMO_CPES, type DemoCpe, OUI, PRODUCT } from './hotel/tr069.ts';

/**
 * The demo's devices, simulated (`npm start -- --demo`): the set-top boxes, APs and ONTs of the
 * demo hotel call the gateway over loopback with the real protocols, so their online states are
 * written by the real code paths and nowhere else:
 * - boxes `register` and then `heartbeat` every HEARTBEAT_S on /api/terminal (keys and tokens as
 *   the terminal API issues them, kept under DATA_DIR/demo so a restart does not lose them);
 * - APs `poll` /api/ac/agent every AGENT_POLL_S with the agent key, reporting their associated
 *   stations, and acknowledge the commands handed out (an upgrade as flashed: the AP then reports
 *   the new firmware);
 * - ONTs open a CWMP session at the ACS every inform interval of the ITMS settings: an Inform,
 *   then the RPCs the ACS hands out, answered as a CPE would (Reboot, FactoryReset, Get and Set
 *   ParameterValues; anything else gets CWMP fault 9000). Each reports a ConnectionRequestURL on
 *   a small loopback listener, which answers the ACS's connection request (HTTP digest with the
 *   ITMS connection-request credentials) by opening a session at once, as TR-069 3.2.2 has it.
 *
 * It is bounded: only the demo's own devices, and only while their records exist (the simulator
 * never registers a device the database does not hold), one request at a time, each with a
 * timeout, and a CWMP session of at most MAX_EXCHANGES messages. `stop()` ends it. The devices
 * the demo describes as down (the pool AP, the conference-centre ONT, the box of room 1203) are
 * not simulated: they stay offline, as the states say.
 */

export interface SimulatorTargets {
  /** The console's HTTP(S) server, e.g. `http://127.0.0.1:8080`. */
  consoleUrl: string;
  /** The CWMP ACS, e.g. `http://127.0.0.1:7547/`; null when it does not run (GW_CWMP=off). */
  acsUrl: string | null;
}

export interface DemoSimulator {
  /** Resolves once each kind of device has made its first round of calls. */
  firstRound: Promise<void>;
  /** Calls made so far, per kind (for the start log and the tests). */
  counts(): { terminal: number; ap: number; cpe: number };
  stop(): Promise<void>;
}

const REQUEST_TIMEOUT_MS = 10_000;
const MAX_REPLY_BYTES = 1024 * 1024;
const MAX_EXCHANGES = 16;

interface Reply {
  status: number;
  cookie: string | null;
  text: string;
}

/** One POST; self-signed certificates are accepted, as the target is this gateway on loopback. */
function post(url: string, body: string, headers: Record<string, string>): Promise<Reply> {
  const u = new URL(url);
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      u,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: REQUEST_TIMEOUT_MS,
        ...(u.protocol === 'https:' ? { rejectUnauthorized: false } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_REPLY_BYTES) req.destroy(new Error('reply too large'));
          else chunks.push(c);
        });
        res.on('end', () => {
          const set = res.headers['set-cookie']?.[0];
          resolve({
            status: res.statusCode ?? 0,
            cookie: set ? set.split(';')[0]! : null,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}

interface Envelope {
  code: number;
  msg: string;
  data: Record<string, unknown> | null;
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Envelope> {
  const r = await post(url, JSON.stringify(body), { 'content-type': 'application/json', ...headers });
  try {
    return JSON.parse(r.text) as Envelope;
  } catch {
    return { code: r.status, msg: `HTTP ${r.status}`, data: null };
  }
}

/** What a simulated box keeps on its flash: the register key and the token the API gave it. */
interface BoxCredentials {
  register_key?: string;
  token?: string;
}

class CredentialStore {
  readonly #file: string;
  #data: Record<string, BoxCredentials> = {};
  constructor(file: string) {
    this.#file = file;
  }
  async load(): Promise<void> {
    try {
      this.#data = JSON.parse(await fs.readFile(this.#file, 'utf8')) as Record<string, BoxCredentials>;
    } catch {
      this.#data = {};
    }
  }
  get(mac: string): BoxCredentials {
    this.#data[mac] ??= {};
    return this.#data[mac];
  }
  async save(): Promise<void> {
    await fs.mkdir(path.dirname(this.#file), { recursive: true, mode: 0o700 });
    const tmp = `${this.#file}.tmp`;
    await fs.writeFile(tmp, JSON.stringify(this.#data), { mode: 0o600 });
    await fs.rename(tmp, this.#file);
  }
}

const xmlEscape = (s: string) => s.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);

/** The parameters a simulated ONT holds (TR-098 names), as its Informs and replies give them. */
function cpeParameters(d: DemoCpe): Map<string, { value: string; type: string }> {
  const p = new Map<string, { value: string; type: string }>();
  const set = (name: string, value: string, type = 'xsd:string') =>
    p.set(`InternetGatewayDevice.${name}`, { value, type });
  set('DeviceInfo.Manufacturer', CPE_FACTS.manufacturer);
  set('DeviceInfo.ManufacturerOUI', OUI);
  set('DeviceInfo.ModelName', CPE_FACTS.model);
  set('DeviceInfo.ProductClass', PRODUCT);
  set('DeviceInfo.SerialNumber', d.serial);
  set('DeviceInfo.HardwareVersion', CPE_FACTS.hardwareVersion);
  set('DeviceInfo.SoftwareVersion', d.softwareVersion);
  set('ManagementServer.PeriodicInformEnable', 'true', 'xsd:boolean');
  set('ManagementServer.PeriodicInformInterval', '300', 'xsd:unsignedInt');
  // Set once the connection-request listener has its port.
  set('ManagementServer.ConnectionRequestURL', '');
  set('Time.NTPServer1', 'pool.ntp.org');
  set('LANDevice.1.WLANConfiguration.1.Enable', 'true', 'xsd:boolean');
  set('WANDevice.1.WANConnectionDevice.1.WANIPConnection.1.ExternalIPAddress', d.ip);
  set('WANDevice.1.WANConnectionDevice.1.WANIPConnection.1.MACAddress', d.mac);
  return p;
}

const INFORM_PARAMS = [
  'DeviceInfo.HardwareVersion',
  'DeviceInfo.SoftwareVersion',
  'DeviceInfo.ModelName',
  'ManagementServer.PeriodicInformInterval',
  'ManagementServer.ConnectionRequestURL',
  'WANDevice.1.WANConnectionDevice.1.WANIPConnection.1.ExternalIPAddress',
  'WANDevice.1.WANConnectionDevice.1.WANIPConnection.1.MACAddress',
].map((n) => `InternetGatewayDevice.${n}`);

const CWMP_NS = 'urn:dslforum-org:cwmp-1-0';

function parameterList(entries: [string, { value: string; type: string }][]): string {
  return (
    `<ParameterList soap-enc:arrayType="cwmp:ParameterValueStruct[${entries.length}]">` +
    entries
      .map(
        ([name, v]) =>
          `<ParameterValueStruct><Name>${xmlEscape(name)}</Name><Value xsi:type="${v.type}">${xmlEscape(v.value)}</Value></ParameterValueStruct>`,
      )
      .join('') +
    '</ParameterList>'
  );
}

class SimulatedCpe {
  readonly device: DemoCpe;
  readonly params: Map<string, { value: string; type: string }>;
  #events = ['1 BOOT'];
  #informs = 0;
  /** Sessions of one CPE run one after the other (periodic and connection-requested). */
  session: Promise<void> = Promise.resolve();
  /** A connection-requested session is queued and has not started yet. */
  requested = false;
  /** The connection-request credentials it checks (ManagementServer.ConnectionRequestUsername). */
  crCredentials = { user: '', pass: '' };

  constructor(device: DemoCpe) {
    this.device = device;
    this.params = cpeParameters(device);
  }

  inform(): string {
    const events = this.#events.map(
      (e) => `<EventStruct><EventCode>${e}</EventCode><CommandKey></CommandKey></EventStruct>`,
    );
    this.#events = ['2 PERIODIC'];
    this.#informs += 1;
    this.requested = false;
    const listed = INFORM_PARAMS.map(
      (n) => [n, this.params.get(n)!] as [string, { value: string; type: string }],
    );
    return envelope(
      CWMP_NS,
      `inform-${this.#informs}`,
      '<cwmp:Inform><DeviceId>' +
        `<Manufacturer>${xmlEscape(CPE_FACTS.manufacturer)}</Manufacturer><OUI>${OUI}</OUI>` +
        `<ProductClass>${PRODUCT}</ProductClass><SerialNumber>${this.device.serial}</SerialNumber></DeviceId>` +
        `<Event soap-enc:arrayType="cwmp:EventStruct[${events.length}]">${events.join('')}</Event>` +
        `<MaxEnvelopes>1</MaxEnvelopes><CurrentTime>${new Date().toISOString()}</CurrentTime><RetryCount>0</RetryCount>` +
        `${parameterList(listed)}</cwmp:Inform>`,
    );
  }

  /** Adds an event to the next Inform (a connection request). */
  event(code: string): void {
    if (!this.#events.includes(code)) this.#events.push(code);
  }

  /** The CPE's answer to one ACS request. */
  answer(request: string): string {
    const id = /<(?:[\w-]+:)?ID[^>]*>([^<]*)</.exec(request)?.[1] ?? '';
    const rpc = /<(?:[\w-]+:)?Body>\s*<(?:[\w-]+:)?(\w+)/.exec(request)?.[1] ?? '';
    const reply = (body: string) => envelope(CWMP_NS, id, body);
    const fault = (code: string, message: string) => reply(acsFault(code, message));
    switch (rpc) {
      case 'Reboot':
        this.#events = ['1 BOOT', 'M Reboot'];
        return reply('<cwmp:RebootResponse></cwmp:RebootResponse>');
      case 'FactoryReset':
        this.#events = ['0 BOOTSTRAP', '1 BOOT'];
        return reply('<cwmp:FactoryResetResponse></cwmp:FactoryResetResponse>');
      case 'GetParameterValues': {
        const names = [...request.matchAll(/<string>([^<]*)<\/string>/g)].map((m) => m[1]!);
        const found = [...this.params].filter(([name]) =>
          names.some((n) => (n.endsWith('.') || n === '' ? name.startsWith(n) : name === n)),
        );
        if (!found.length) return fault('9005', 'Invalid parameter name');
        return reply(
          `<cwmp:GetParameterValuesResponse>${parameterList(found)}</cwmp:GetParameterValuesResponse>`,
        );
      }
      case 'SetParameterValues': {
        const pairs = [
          ...request.matchAll(
            /<Name>([^<]*)<\/Name>\s*<Value(?:\s+[^>]*type="([^"]*)")?[^>]*>([^<]*)<\/Value>/g,
          ),
        ];
        const unknown = pairs.find((m) => !this.params.has(m[1]!));
        if (unknown) return fault('9005', `Invalid parameter name ${unknown[1]}`);
        for (const m of pairs) this.params.set(m[1]!, { value: m[3]!, type: m[2] || 'xsd:string' });
        return reply('<cwmp:SetParameterValuesResponse><Status>0</Status></cwmp:SetParameterValuesResponse>');
      }
      default:
        return fault('9000', `Method not supported by the demo's simulated CPE: ${rpc || 'unknown'}`);
    }
  }
}

// The simulated devices' tables, by name.
const db = (app: AppContext) => untyped(app.db.kysely);

/** The parameters of an `Authorization: Digest ...` header. */
function digestParams(header: string): Record<string, string> | null {
  const m = /^\s*Digest\s+(.*)$/is.exec(header);
  if (!m) return null;
  const out: Record<string, string> = {};
  const re = /([a-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/gi;
  for (let p = re.exec(m[1]!); p; p = re.exec(m[1]!))
    out[p[1]!.toLowerCase()] = (p[2] ?? p[3] ?? '').replace(/\\(.)/g, '$1');
  return out;
}

const CR_REALM = 'IGS demo CPE';
const MAX_NONCES = 64;

async function exists(app: AppContext, table: string, column: string, value: string): Promise<boolean> {
  const row = await db(app)
    .selectFrom(table)
    .select('id')
    .where('site_id', '=', 0)
    .where(column, '=', value)
    .executeTakeFirst();
  return row !== undefined;
}

export function startDemoSimulator(app: AppContext, targets: SimulatorTargets): DemoSimulator {
  const counts = { terminal: 0, ap: 0, cpe: 0 };
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  /** The last problem reported per device, so a device that keeps failing is logged once. */
  const reported = new Map<string, string>();
  const problem = (device: string, what: string) => {
    if (reported.get(device) === what) return;
    reported.set(device, what);
    app.log.warn(`demo simulator: ${device}: ${what}`);
  };
  const fine = (device: string) => reported.delete(device);
  const api = (p: string) => `${targets.consoleUrl.replace(/\/$/, '')}${p}`;
  const credentials = new CredentialStore(path.join(app.config.dataDir, 'demo', 'terminals.json'));

  async function box(b: DemoBox): Promise<void> {
    if (!(await exists(app, TABLES.terminal, 'mac', b.mac))) return;
    const creds = credentials.get(b.mac);
    const facts = { model: b.model, firmware: b.firmware, app_version: b.appVersion };
    if (creds.token) {
      counts.terminal += 1;
      const r = await postJson(api(`${TERMINAL_API}/heartbeat`), facts, {
        authorization: `Bearer ${creds.token}`,
      });
      if (r.code === 200) {
        fine(b.mac);
        for (const c of (r.data?.commands as { id: number; type: string }[]) ?? []) {
          const id = Number(c.id);
          if (!id) continue;
          counts.terminal += 1;
          await postJson(
            api(`${TERMINAL_API}/ack`),
            { command_id: id, result: 'ok', detail: `demo terminal simulator: ${c.type} received` },
            { authorization: `Bearer ${creds.token}` },
          );
        }
        return;
      }
      // The token ended (a new one was issued, the terminal was disabled): register again below.
      problem(b.mac, `heartbeat refused (${r.code} ${r.msg})`);
      delete creds.token;
      await credentials.save();
    }
    counts.terminal += 1;
    const r = await postJson(api(`${TERMINAL_API}/register`), {
      mac: b.mac,
      sn: b.sn,
      ...facts,
      register_key: creds.register_key ?? '',
    });
    if (r.code !== 200) return problem(b.mac, `register refused (${r.code} ${r.msg})`);
    fine(b.mac);
    let changed = false;
    if (typeof r.data?.register_key === 'string') {
      creds.register_key = r.data.register_key;
      changed = true;
    }
    if (typeof r.data?.token === 'string') {
      creds.token = r.data.token;
      changed = true;
    }
    if (changed) await credentials.save();
  }

  /** The firmware a simulated AP was upgraded to (it reports it from then on). */
  const firmware = new Map<string, string>();

  async function ap(a: DemoAp, round: number): Promise<void> {
    if (!(await exists(app, 'ac_ap', 'mac', a.mac))) return;
    const key = app.config.acAgentKey ?? '';
    // A few guests come and go between polls.
    const stations = demoStations(a, round, AGENT_POLL_S);
    const os = firmware.get(a.mac) ?? a.os;
    counts.ap += 1;
    const r = await postJson(api(`${AC_AGENT}/poll`), {
      mac: a.mac,
      key,
      model: a.model,
      os,
      clients: stations.length,
      stations,
    });
    if (r.code !== 200) return problem(a.name, `poll refused (${r.code} ${r.msg})`);
    fine(a.name);
    const commands =
      (r.data?.commands as { task_id: number; name: string; args?: { version?: unknown } }[]) ?? [];
    for (const c of commands) {
      counts.ap += 1;
      const version = c.name === 'upgrade' ? `OpenWrt ${String(c.args?.version ?? '')}`.trim() : '';
      const ack = await postJson(api(`${AC_AGENT}/ack`), {
        mac: a.mac,
        key,
        task_id: c.task_id,
        ok: true,
        ...(version
          ? { version, output: `demo AP simulator: flashed ${version} and rebooted` }
          : { output: `demo AP simulator: ${c.name} received (nothing runs on a simulated AP)` }),
      });
      if (ack.code !== 200) problem(a.name, `ack refused (${ack.code} ${ack.msg})`);
      else if (version) firmware.set(a.mac, version);
    }
  }

  const cpes = DEMO_CPES.filter((d) => d.simulated).map((d) => new SimulatedCpe(d));

  async function cpe(c: SimulatedCpe): Promise<void> {
    if (!targets.acsUrl) return;
    if (!(await exists(app, 'tr069_device', 'serial_number', c.device.serial))) return;
    const cfg = await itmsConfig(app);
    const user = String(cfg.acs_username ?? '');
    const pass = String(cfg.acs_password ?? '');
    c.crCredentials = { user: String(cfg.cr_username ?? ''), pass: String(cfg.cr_password ?? '') };
    const headers: Record<string, string> = { 'content-type': 'text/xml; charset="utf-8"' };
    if (user || pass) headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    counts.cpe += 1;
    const first = await post(targets.acsUrl, c.inform(), headers);
    if (first.status !== 200)
      return problem(c.device.serial, `Inform refused (HTTP ${first.status} ${first.text.slice(0, 120)})`);
    fine(c.device.serial);
    if (first.cookie) headers.cookie = first.cookie;
    let body = '';
    for (let i = 0; i < MAX_EXCHANGES && !stopped; i++) {
      counts.cpe += 1;
      const r = await post(targets.acsUrl, body, headers);
      if (r.status !== 200 || !r.text.trim()) return;
      body = c.answer(r.text);
    }
  }

  /** Queues a session of the CPE after the one it may be in (a CPE holds one session at a time). */
  function session(c: SimulatedCpe): Promise<void> {
    c.session = c.session
      .then(() => (stopped ? undefined : cpe(c)))
      .catch((e: unknown) => problem(c.device.serial, (e as Error).message));
    return c.session;
  }

  // The connection-request listener: GET /cr/<serial>, digest-checked against the ITMS
  // connection-request credentials, answered 200 and followed by a session.
  const nonces = new Set<string>();
  const cr = http.createServer((req, res) => {
    void (async () => {
      const c = cpes.find((x) => req.url === `/cr/${x.device.serial}`);
      if (req.method !== 'GET' || !c || stopped) return res.writeHead(404).end();
      // What the ACS set on the CPE at its last session: a CPE does not look into the gateway.
      const { user, pass } = c.crCredentials;
      if (user || pass) {
        const d = digestParams(req.headers.authorization ?? '');
        const ok =
          d !== null &&
          nonces.has(d.nonce ?? '') &&
          d.username === user &&
          d.uri === req.url &&
          (() => {
            const expected = Buffer.from(
              digestResponse({
                username: user,
                password: pass,
                method: 'GET',
                uri: d.uri!,
                challenge: { realm: CR_REALM, nonce: d.nonce! },
                cnonce: d.cnonce ?? '',
                nc: d.nc ?? '',
                ...(d.qop ? { qop: d.qop } : {}),
              }),
            );
            const given = Buffer.from(d.response ?? '');
            return given.length === expected.length && timingSafeEqual(given, expected);
          })();
        if (!ok) {
          const nonce = randomBytes(12).toString('hex');
          if (nonces.size >= MAX_NONCES) nonces.delete(nonces.values().next().value!);
          nonces.add(nonce);
          return res
            .writeHead(401, {
              'www-authenticate': `Digest realm="${CR_REALM}", nonce="${nonce}", qop="auth"`,
            })
            .end();
        }
        nonces.delete(d!.nonce!);
      }
      res.writeHead(200).end();
      if (c.requested) return;
      c.requested = true;
      c.event('6 CONNECTION REQUEST');
      void session(c);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  const crListening = new Promise<void>((resolve) => {
    cr.once('error', (e) => {
      problem('connection requests', `not listening: ${(e as Error).message}`);
      resolve();
    });
    cr.listen(0, '127.0.0.1', () => {
      const port = (cr.address() as AddressInfo).port;
      for (const c of cpes)
        c.params.set('InternetGatewayDevice.ManagementServer.ConnectionRequestURL', {
          value: `http://127.0.0.1:${port}/cr/${c.device.serial}`,
          type: 'xsd:string',
        });
      resolve();
    });
  });
  cr.unref();

  /** Runs `round` now and then every `everyS()` seconds until stopped. */
  function loop(
    name: string,
    round: (n: number) => Promise<void>,
    everyS: () => Promise<number>,
  ): Promise<void> {
    let n = 0;
    let first: Promise<void> | undefined;
    const tick = () => {
      if (stopped) return;
      const p = (async () => {
        try {
          await round(n++);
        } catch (e) {
          problem(name, (e as Error).message);
        }
        if (stopped) return;
        const t = setTimeout(
          () => {
            timers.delete(t);
            tick();
          },
          (await everyS().catch(() => 60)) * 1000,
        );
        t.unref();
        timers.add(t);
      })();
      running.add(p);
      void p.finally(() => running.delete(p));
      first ??= p;
    };
    tick();
    return first!;
  }

  const each = async <T>(list: readonly T[], fn: (x: T) => Promise<void>, what: (x: T) => string) => {
    for (const x of list) {
      if (stopped) return;
      await fn(x).catch((e: unknown) => problem(what(x), (e as Error).message));
    }
  };

  const firstRound = Promise.all([credentials.load(), crListening]).then(() =>
    Promise.all([
      loop(
        'terminals',
        () =>
          each(
            DEMO_BOXES.filter((b) => b.simulated),
            box,
            (b) => b.mac,
          ),
        async () => HEARTBEAT_S,
      ),
      loop(
        'APs',
        (n) =>
          each(
            DEMO_APS.filter((a) => a.simulated),
            (a) => ap(a, n),
            (a) => a.name,
          ),
        async () => AGENT_POLL_S,
      ),
      loop(
        'CPEs',
        () => each(cpes, session, (c) => c.device.serial),
        async () => Math.max(30, Number((await itmsConfig(app)).inform_interval_s ?? 300) || 300),
      ),
    ]).then(() => undefined),
  );

  return {
    firstRound,
    counts: () => ({ ...counts }),
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await firstRound.catch(() => {});
      await Promise.all([...running, ...cpes.map((c) => c.session)]);
      await new Promise<void>((resolve) => {
        cr.close(() => resolve());
        cr.closeAllConnections();
      });
    },
  };
}
