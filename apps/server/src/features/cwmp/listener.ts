import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppContext } from '../../platform/app-context.ts';
import { itmsConfig } from '../../platform/settings/itms-config.ts';
import { handleCwmp } from './acs.ts';

/**
 * The CWMP listener. CPEs reach the ACS at the ITMS `acs_url`, on `cwmp_port` (7547), which is not
 * the console's port: so the ACS is a small second HTTP server, not a path of the main one, and it
 * answers any path (CPEs are given the URL, path included, by the ITMS settings or DHCP option 43).
 * main.ts starts it unless GW_CWMP=off; the port is read at start (a changed cwmp_port takes
 * effect at the next restart), and a port that cannot be bound is logged, never fatal.
 */

/** CWMP envelopes are small; an Inform with a full parameter list stays well under this. */
const BODY_LIMIT = 512 * 1024;

export interface CwmpListener {
  port: number;
  close(): Promise<void>;
}

export async function startCwmpListener(
  app: AppContext,
  port?: number,
  host = '0.0.0.0',
): Promise<CwmpListener> {
  const listenPort = port ?? Number((await itmsConfig(app)).cwmp_port ?? 7547);
  const server = http.createServer((req, res) => {
    const done = (status: number, headers: Record<string, string>, body: string) => {
      res.writeHead(status, headers);
      res.end(body);
    };
    if (req.method !== 'POST') return done(405, { allow: 'POST' }, '');
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > BODY_LIMIT) {
        done(413, { 'content-type': 'text/plain' }, 'CWMP message too large');
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      if (size > BODY_LIMIT) return;
      handleCwmp(app, {
        body: Buffer.concat(chunks).toString('utf8'),
        authorization: req.headers.authorization,
        cookie: req.headers.cookie,
      }).then(
        (r) => done(r.status, r.headers, r.body),
        (err: unknown) => {
          app.log.error({ err }, 'CWMP request failed');
          done(500, { 'content-type': 'text/plain' }, 'ACS error');
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
