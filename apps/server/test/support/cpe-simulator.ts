import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import {
  digestAuthorization,
  digestResponse,
  parseDigestChallenge,
} from '../../src/features/tr069-extras/digest.ts';

/**
 * A CWMP CPE for the test suite (TR-069 Amendment 6, namespaces cwmp-1-0 to cwmp-1-2), speaking
 * to the ACS over real HTTP as a standard client does:
 * - a session is an Inform (DeviceId, events, a few parameters), then what the CPE has to report
 *   (TransferComplete, AutonomousTransferComplete, its own GetRPCMethods), then empty POSTs,
 *   answering each RPC of the ACS until it answers 204; the session cookie is kept, and the ACS's
 *   Basic or Digest challenge is answered;
 * - it answers GetParameterValues, SetParameterValues, GetRPCMethods, Reboot, FactoryReset and
 *   Download (Status 1, then the file is fetched from the URL, token and all, and a new session
 *   reports TransferComplete: success, 9010 when told to fail, 9016 when the fetch fails);
 * - Reboot and FactoryReset are followed by a BOOT / BOOTSTRAP session;
 * - it listens for connection requests on a loopback port, with digest authentication, and a good
 *   one starts a CONNECTION REQUEST session.
 * - given several ACS URLs (instances behind a load balancer without sticky sessions), it sends
 *   each POST to the next one in turn, so one session's messages reach different instances.
 * Every loop is bounded: a session has at most MAX_MESSAGES exchanges, a chain of sessions
 * (download, then its TransferComplete) at most MAX_CHAIN.
 */

const MAX_MESSAGES = 40;
const MAX_CHAIN = 4;

export interface CpeOptions {
  /** The ACS, or several: each POST then goes to the next in turn (a round-robin load balancer). */
  acsUrl: string | readonly string[];
  serial: string;
  oui?: string;
  productClass?: string;
  manufacturer?: string;
  softwareVersion?: string;
  /** The CWMP namespace minor version: 0, 1 or 2. */
  cwmpMinor?: 0 | 1 | 2;
  /** Credentials the ACS asks for (Basic or Digest, as it challenges). */
  acsAuth?: { username: string; password: string };
  /** Credentials a connection request must bring (digest). */
  crAuth?: { username: string; password: string };
}

export interface Fault {
  code: string;
  message: string;
}

type Node = Record<string, unknown>;
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'string' || name === 'ParameterValueStruct',
});
const obj = (v: unknown): Node => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});
const text = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'object' ? text((v as Node)['#text']) : String(v);
const esc = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

export class CpeSimulator {
  readonly opts: Required<Omit<CpeOptions, 'acsAuth' | 'crAuth'>> & Pick<CpeOptions, 'acsAuth' | 'crAuth'>;
  readonly params = new Map<string, { value: string; type: string }>();
  /** The RPC names the ACS sent, in order. */
  readonly rpcs: string[] = [];
  /** Connection requests accepted / refused (bad credentials). */
  crAccepted = 0;
  crRefused = 0;
  /** Answer connection requests with 503 (a CPE that cannot take a session now). */
  busy = false;
  /** The next Downloads end with this fault (9010 …) instead of success. */
  failDownloadsWith: Fault | null = null;
  /** Fetch Download URLs with the token altered (the file server must refuse: 9016). */
  spoilDownloadToken = false;
  /** Reboot without sending the RebootResponse (it is lost on the way): the session breaks off. */
  loseRebootResponse = false;
  /** Fetch Download files but never report TransferComplete (a CPE that lost it). */
  loseTransferComplete = false;
  /** What the last Download fetched: its URL, HTTP status and byte count. */
  lastDownload: { url: string; status: number; bytes: number } | null = null;
  /** Sessions that broke off (an HTTP error of the ACS), with why. */
  readonly errors: string[] = [];
  /** The ACS's answer to this CPE's own GetRPCMethods, once asked. */
  acsMethods: string[] | null = null;
  /** The ACS URL each POST went to, in order. */
  readonly sentTo: string[] = [];

  private cookie = '';
  private acsChallenge: string | null = null;
  private readonly pendingEvents = new Set<string>();
  private transferComplete: { commandKey: string; fault: Fault | null } | null = null;
  private autonomous: { url: string; size: number; fault: Fault | null } | null = null;
  private askMethods = false;
  private downloadQueue: { commandKey: string; url: string }[] = [];
  private running: Promise<void> = Promise.resolve();
  private server: http.Server | null = null;
  private readonly nonces = new Set<string>();
  private posts = 0;
  /** The CommandKey of the last Reboot, reported with `M Reboot` in the BOOT session after it. */
  private rebootKey = '';

  constructor(opts: CpeOptions) {
    this.opts = {
      oui: '00259E',
      productClass: 'SimGW',
      manufacturer: 'Sim',
      softwareVersion: 'V1.0',
      cwmpMinor: 0,
      ...opts,
    };
    this.params.set('InternetGatewayDevice.DeviceInfo.SoftwareVersion', {
      value: this.opts.softwareVersion,
      type: 'xsd:string',
    });
    this.params.set('InternetGatewayDevice.DeviceInfo.ModelName', { value: 'Sim-1', type: 'xsd:string' });
    this.params.set('InternetGatewayDevice.ManagementServer.PeriodicInformInterval', {
      value: '300',
      type: 'xsd:unsignedInt',
    });
    this.pendingEvents.add('0 BOOTSTRAP');
    this.pendingEvents.add('1 BOOT');
  }

  get ns(): string {
    return `urn:dslforum-org:cwmp-1-${this.opts.cwmpMinor}`;
  }

  get deviceId(): string {
    return `${this.opts.oui}-${this.opts.productClass}-${this.opts.serial}`;
  }

  /** Listens for connection requests on a loopback port; reported in the next Inform. */
  async listen(): Promise<number> {
    this.server = http.createServer((req, res) => this.connectionRequest(req, res));
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    const port = (this.server.address() as AddressInfo).port;
    this.params.set('InternetGatewayDevice.ManagementServer.ConnectionRequestURL', {
      value: `http://127.0.0.1:${port}/cr/${this.opts.serial}`,
      type: 'xsd:string',
    });
    return port;
  }

  async close(): Promise<void> {
    await this.idle();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
    this.server = null;
  }

  /** Resolves once every session started so far (and what they chained) has ended. */
  async idle(): Promise<void> {
    let seen: Promise<void> | null = null;
    for (let i = 0; i < 10 && seen !== this.running; i++) {
      seen = this.running;
      await seen;
    }
  }

  /** Starts a session (after any running one) for these events; `idle()` waits for it. */
  inform(...events: string[]): Promise<void> {
    for (const e of events) this.pendingEvents.add(e);
    this.running = this.running
      .then(() => this.chain())
      .catch((e: unknown) => {
        this.errors.push((e as Error).message);
      });
    return this.running;
  }

  /** Reports a transfer the CPE made on its own in its next session. */
  autonomousTransfer(url: string, size: number, fault: Fault | null = null): Promise<void> {
    this.autonomous = { url, size, fault };
    return this.inform('10 AUTONOMOUS TRANSFER COMPLETE');
  }

  /** Asks the ACS which RPCs it supports in the next session. */
  askAcsMethods(): Promise<void> {
    this.askMethods = true;
    return this.inform('2 PERIODIC');
  }

  // ---- connection requests ----------------------------------------------------------------------

  private connectionRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
    const auth = this.opts.crAuth;
    if (auth) {
      const header = String(req.headers.authorization ?? '');
      if (!this.digestOk(header, req.method ?? 'GET', auth)) {
        if (header) this.crRefused++;
        const nonce = randomBytes(12).toString('hex');
        this.nonces.add(nonce);
        res.writeHead(401, {
          'www-authenticate': `Digest realm="cpe", nonce="${nonce}", qop="auth", algorithm=MD5`,
        });
        res.end();
        return;
      }
    }
    if (this.busy) {
      res.writeHead(503);
      res.end();
      return;
    }
    this.crAccepted++;
    res.writeHead(204);
    res.end();
    void this.inform('6 CONNECTION REQUEST');
  }

  private digestOk(header: string, method: string, auth: { username: string; password: string }): boolean {
    const m = /^Digest\s+(.*)$/is.exec(header);
    if (!m) return false;
    const p: Record<string, string> = {};
    for (const x of m[1]!.matchAll(/([a-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/gi))
      p[x[1]!.toLowerCase()] = x[2] ?? x[3] ?? '';
    if (p.username !== auth.username || !p.nonce || !this.nonces.has(p.nonce)) return false;
    const want = digestResponse({
      username: auth.username,
      password: auth.password,
      method,
      uri: p.uri ?? '',
      challenge: { realm: p.realm ?? '', nonce: p.nonce, ...(p.algorithm ? { algorithm: p.algorithm } : {}) },
      cnonce: p.cnonce ?? '',
      nc: p.nc ?? '',
      ...(p.qop ? { qop: p.qop } : {}),
    });
    const a = Buffer.from(want);
    const b = Buffer.from(p.response ?? '');
    const ok = a.length === b.length && timingSafeEqual(a, b);
    if (ok) this.nonces.delete(p.nonce);
    return ok;
  }

  // ---- sessions --------------------------------------------------------------------------------

  /** A session, then those it calls for (after a Download or a Reboot), at most MAX_CHAIN. */
  private async chain(): Promise<void> {
    for (let i = 0; i < MAX_CHAIN && this.pendingEvents.size; i++) {
      await this.session();
      for (const d of this.downloadQueue.splice(0)) await this.download(d.commandKey, d.url);
    }
  }

  private async post(body: string): Promise<{ status: number; text: string }> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const headers: Record<string, string> = { 'content-type': 'text/xml; charset="utf-8"', soapaction: '' };
      if (this.cookie) headers.cookie = this.cookie;
      const url = this.nextUrl();
      const auth = this.acsAuthorization(url);
      if (auth) headers.authorization = auth;
      this.sentTo.push(url);
      const res = await fetch(url, { method: 'POST', headers, body });
      const set = res.headers.get('set-cookie');
      if (set) this.cookie = set.split(';')[0]!;
      const text = await res.text();
      if (res.status === 401 && attempt === 0 && this.opts.acsAuth) {
        this.acsChallenge = res.headers.get('www-authenticate') ?? 'Basic';
        continue;
      }
      return { status: res.status, text };
    }
    return { status: 401, text: '' };
  }

  /** The ACS URL of the next POST: the one given, or the next of several in turn. */
  private nextUrl(): string {
    const urls = typeof this.opts.acsUrl === 'string' ? [this.opts.acsUrl] : this.opts.acsUrl;
    return urls[this.posts++ % urls.length]!;
  }

  private acsAuthorization(url: string): string | undefined {
    const a = this.opts.acsAuth;
    if (!a || !this.acsChallenge) return undefined;
    const challenge = parseDigestChallenge(this.acsChallenge);
    if (challenge)
      return digestAuthorization({
        username: a.username,
        password: a.password,
        method: 'POST',
        uri: new URL(url).pathname,
        challenge,
      });
    return `Basic ${Buffer.from(`${a.username}:${a.password}`).toString('base64')}`;
  }

  private envelope(body: string, id = randomBytes(4).toString('hex')): string {
    return (
      '<?xml version="1.0" encoding="UTF-8"?>' +
      '<soap-env:Envelope xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/" ' +
      'xmlns:soap-enc="http://schemas.xmlsoap.org/soap/encoding/" xmlns:xsd="http://www.w3.org/2001/XMLSchema" ' +
      `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:cwmp="${this.ns}">` +
      `<soap-env:Header><cwmp:ID soap-env:mustUnderstand="1">${esc(id)}</cwmp:ID></soap-env:Header>` +
      `<soap-env:Body>${body}</soap-env:Body></soap-env:Envelope>`
    );
  }

  private informBody(events: string[]): string {
    const keys = (e: string) =>
      e === 'M Download' ? (this.transferComplete?.commandKey ?? '') : e === 'M Reboot' ? this.rebootKey : '';
    const reported = [
      'InternetGatewayDevice.DeviceInfo.SoftwareVersion',
      'InternetGatewayDevice.DeviceInfo.ModelName',
      'InternetGatewayDevice.ManagementServer.ConnectionRequestURL',
    ].filter((p) => this.params.has(p));
    return (
      '<cwmp:Inform><DeviceId>' +
      `<Manufacturer>${esc(this.opts.manufacturer)}</Manufacturer><OUI>${esc(this.opts.oui)}</OUI>` +
      `<ProductClass>${esc(this.opts.productClass)}</ProductClass><SerialNumber>${esc(this.opts.serial)}</SerialNumber>` +
      `</DeviceId><Event soap-enc:arrayType="cwmp:EventStruct[${events.length}]">` +
      events
        .map(
          (e) =>
            `<EventStruct><EventCode>${esc(e)}</EventCode><CommandKey>${esc(keys(e))}</CommandKey></EventStruct>`,
        )
        .join('') +
      '</Event><MaxEnvelopes>1</MaxEnvelopes><CurrentTime>2026-01-01T00:00:00Z</CurrentTime><RetryCount>0</RetryCount>' +
      `<ParameterList soap-enc:arrayType="cwmp:ParameterValueStruct[${reported.length}]">` +
      reported
        .map((p) => {
          const v = this.params.get(p)!;
          return `<ParameterValueStruct><Name>${esc(p)}</Name><Value xsi:type="${v.type}">${esc(v.value)}</Value></ParameterValueStruct>`;
        })
        .join('') +
      '</ParameterList></cwmp:Inform>'
    );
  }

  private async session(): Promise<void> {
    const events = [...this.pendingEvents];
    this.pendingEvents.clear();
    this.cookie = '';
    const first = await this.post(this.envelope(this.informBody(events)));
    if (first.status !== 200) throw new Error(`Inform refused: HTTP ${first.status} ${first.text}`);
    // What the CPE has to say comes before the ACS's requests (TR-069 3.7.1.1).
    if (this.transferComplete) {
      const tc = this.transferComplete;
      this.transferComplete = null;
      await this.post(
        this.envelope(
          `<cwmp:TransferComplete><CommandKey>${esc(tc.commandKey)}</CommandKey>${faultStruct(tc.fault)}` +
            '<StartTime>2026-01-01T00:00:00Z</StartTime><CompleteTime>2026-01-01T00:00:01Z</CompleteTime></cwmp:TransferComplete>',
        ),
      );
    }
    if (this.autonomous) {
      const a = this.autonomous;
      this.autonomous = null;
      await this.post(
        this.envelope(
          `<cwmp:AutonomousTransferComplete><AnnounceURL></AnnounceURL><TransferURL>${esc(a.url)}</TransferURL>` +
            `<IsDownload>1</IsDownload><FileType>1 Firmware Upgrade Image</FileType><FileSize>${a.size}</FileSize>` +
            `<TargetFileName></TargetFileName>${faultStruct(a.fault)}` +
            '<StartTime>2026-01-01T00:00:00Z</StartTime><CompleteTime>2026-01-01T00:00:01Z</CompleteTime>' +
            '</cwmp:AutonomousTransferComplete>',
        ),
      );
    }
    if (this.askMethods) {
      this.askMethods = false;
      const r = await this.post(this.envelope('<cwmp:GetRPCMethods></cwmp:GetRPCMethods>'));
      const list = obj(obj(obj(obj(parser.parse(r.text)).Envelope).Body).GetRPCMethodsResponse);
      this.acsMethods = ([] as unknown[]).concat(obj(list.MethodList).string ?? []).map(text);
    }
    let reply = await this.post('');
    for (let i = 0; i < MAX_MESSAGES && reply.status === 200 && reply.text; i++) {
      const answer = this.answer(reply.text);
      // The RebootResponse lost on the way: the CPE reboots all the same, the session is over.
      if (this.loseRebootResponse && answer.includes('<cwmp:RebootResponse>')) return;
      reply = await this.post(answer);
    }
  }

  /** The CPE's answer to one ACS request. */
  private answer(xml: string): string {
    const env = obj(obj(parser.parse(xml)).Envelope);
    const id = text(obj(env.Header).ID);
    const body = obj(env.Body);
    const name = Object.keys(body).find((k) => !k.startsWith('@')) ?? '';
    const node = obj(body[name]);
    this.rpcs.push(name);
    const respond = (inner: string) => this.envelope(inner, id);
    switch (name) {
      case 'GetRPCMethods': {
        const methods = [
          'GetRPCMethods',
          'SetParameterValues',
          'GetParameterValues',
          'GetParameterNames',
          'Reboot',
          'Download',
          'FactoryReset',
        ];
        return respond(
          `<cwmp:GetRPCMethodsResponse><MethodList soap-enc:arrayType="xsd:string[${methods.length}]">` +
            methods.map((m) => `<string>${m}</string>`).join('') +
            '</MethodList></cwmp:GetRPCMethodsResponse>',
        );
      }
      case 'GetParameterValues': {
        const names = ([] as unknown[]).concat(obj(node.ParameterNames).string ?? []).map(text);
        const hits = [...this.params.entries()].filter(([p]) =>
          names.some((n) => n === '' || n === p || (n.endsWith('.') && p.startsWith(n))),
        );
        return respond(
          `<cwmp:GetParameterValuesResponse><ParameterList soap-enc:arrayType="cwmp:ParameterValueStruct[${hits.length}]">` +
            hits
              .map(
                ([p, v]) =>
                  `<ParameterValueStruct><Name>${esc(p)}</Name><Value xsi:type="${v.type}">${esc(v.value)}</Value></ParameterValueStruct>`,
              )
              .join('') +
            '</ParameterList></cwmp:GetParameterValuesResponse>',
        );
      }
      case 'SetParameterValues': {
        const list = obj(node.ParameterList).ParameterValueStruct;
        for (const p of Array.isArray(list) ? list.map(obj) : [])
          this.params.set(text(p.Name), {
            value: text(p.Value),
            type: String(obj(p.Value)['@type'] ?? 'xsd:string'),
          });
        return respond(
          '<cwmp:SetParameterValuesResponse><Status>0</Status></cwmp:SetParameterValuesResponse>',
        );
      }
      case 'Reboot':
        this.rebootKey = text(node.CommandKey);
        this.pendingEvents.add('1 BOOT');
        this.pendingEvents.add('M Reboot');
        return respond('<cwmp:RebootResponse></cwmp:RebootResponse>');
      case 'FactoryReset':
        this.pendingEvents.add('0 BOOTSTRAP');
        return respond('<cwmp:FactoryResetResponse></cwmp:FactoryResetResponse>');
      case 'Download':
        this.downloadQueue.push({ commandKey: text(node.CommandKey), url: text(node.URL) });
        return respond(
          '<cwmp:DownloadResponse><Status>1</Status><StartTime>0001-01-01T00:00:00Z</StartTime>' +
            '<CompleteTime>0001-01-01T00:00:00Z</CompleteTime></cwmp:DownloadResponse>',
        );
      default:
        return respond(
          '<soap-env:Fault><faultcode>Client</faultcode><faultstring>CWMP fault</faultstring><detail>' +
            `<cwmp:Fault><FaultCode>9000</FaultCode><FaultString>Method not supported: ${esc(name)}</FaultString>` +
            '</cwmp:Fault></detail></soap-env:Fault>',
        );
    }
  }

  /** Fetches a Download's file and reports how it went in a TRANSFER COMPLETE session. */
  private async download(commandKey: string, url: string): Promise<void> {
    const target = this.spoilDownloadToken ? url.replace(/\/files\/(\d+)\.[^/]+\//, '/files/$1.x/') : url;
    let fault: Fault | null = null;
    try {
      const res = await fetch(target);
      const bytes = (await res.arrayBuffer()).byteLength;
      this.lastDownload = { url, status: res.status, bytes };
      if (res.status !== 200) fault = { code: '9016', message: `file transfer failure: HTTP ${res.status}` };
    } catch (e) {
      fault = { code: '9016', message: `file transfer failure: ${(e as Error).message}` };
    }
    if (!fault && this.failDownloadsWith) fault = this.failDownloadsWith;
    if (this.loseTransferComplete) return;
    this.transferComplete = { commandKey, fault };
    this.pendingEvents.add('7 TRANSFER COMPLETE');
    this.pendingEvents.add('M Download');
  }
}

function faultStruct(f: Fault | null): string {
  return `<FaultStruct><FaultCode>${f ? esc(f.code) : '0'}</FaultCode><FaultString>${f ? esc(f.message) : ''}</FaultString></FaultStruct>`;
}
