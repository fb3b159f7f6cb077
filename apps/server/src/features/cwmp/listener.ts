import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppContext } from '../../platform/app-context.ts';
import { itmsConfig } from '../../platform/settings/itms-config.ts';
import { handleCwmp } from './acs.ts';
import { fileFor } from './files.ts';

/**
 * The CWMP listener. CPEs reach the ACS at the ITMS `acs_url`, on `cwmp_port` (7547), which is not
 * the console's port: so the ACS is a small second HTTP server, not a path of the main one, and it
 * answers any path (CPEs are given the URL, path included, by the ITMS settings or DHCP option 43;
 * a path ending in `/site/<id>` names the site a new CPE registers in, site-rules.ts).
 * main.ts starts it unless GW_CWMP=off; the port is read at start (a changed cwmp_port takes
 * effect at the next restart), and a port that cannot be bound is logged, never fatal. The ITMS
 * cwmp_port is one for the deployment; an instance's own CWMP_PORT (config.ts) overrides it, so
 * several instances on one host, or behind a load balancer that maps ports, each bind their own.
 *
 * GET `/files/<token>/<name>` serves the file of a queued Download (files.ts). When the ITMS
 * `file_server_url` names another port of this host (7567 by default), the same handler listens
 * there too, so the URL a Download carries is answered whichever of the two the CPE is sent to.
 */

/** CWMP envelopes are small; an Inform with a full parameter list stays well under this. */
const BODY_LIMIT = 512 * 1024;

export interface CwmpListener {
  port: number;
  close(): Promise<void>;
}

/** GET of a Download's file: streamed, its transfer (bytes, whole or not) logged on the task. */
function serveFile(app: AppContext, req: http.IncomingMessage, res: http.ServerResponse): void {
  fileFor(app, req.url ?? '/').then(
    async (f) => {
      if (!f.open) {
        res.writeHead(f.status, f.headers);
        res.end(f.body ?? '');
        return;
      }
      if (req.method === 'HEAD') {
        res.writeHead(f.status, f.headers);
        return res.end();
      }
      // Opened before the head is sent: a file gone from the store is an error reply, not a cut body.
      const stream = await f.open();
      res.writeHead(f.status, f.headers);
      let bytes = 0;
      stream.on('data', (c: Buffer | string) => {
        bytes += c.length;
      });
      stream.pipe(res);
      let logged = false;
      const finish = (ok: boolean) => {
        if (logged) return;
        logged = true;
        f.finished?.(bytes, ok).catch((err: unknown) => app.log.error({ err }, 'CWMP transfer log failed'));
      };
      res.on('finish', () => finish(true));
      res.on('close', () => finish(res.writableFinished));
      stream.on('error', () => res.destroy());
    },
    (err: unknown) => {
      app.log.error({ err }, 'CWMP file request failed');
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('file server error');
    },
  );
}

/** The port of the ITMS file_server_url when it is another port than the ACS's, else null. */
function filePortOf(url: unknown, acsPort: number): number | null {
  try {
    const u = new URL(String(url ?? ''));
    const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
    return port !== acsPort ? port : null;
  } catch {
    return null;
  }
}

export async function startCwmpListener(
  app: AppContext,
  port?: number,
  host = '0.0.0.0',
): Promise<CwmpListener> {
  const cfg = await itmsConfig(app);
  const listenPort = port ?? app.config.cwmpPort ?? Number(cfg.cwmp_port ?? 7547);
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const done = (status: number, headers: Record<string, string>, body: string) => {
      res.writeHead(status, headers);
      res.end(body);
    };
    if ((req.method === 'GET' || req.method === 'HEAD') && req.url?.startsWith('/files/'))
      return serveFile(app, req, res);
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
        path: req.url ?? '/',
      }).then(
        (r) => done(r.status, r.headers, r.body),
        (err: unknown) => {
          app.log.error({ err }, 'CWMP request failed');
          done(500, { 'content-type': 'text/plain' }, 'ACS error');
        },
      );
    });
  };
  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, host, () => resolve());
  });
  // A test listener (port given) serves files on its own port only.
  const filePort = port === undefined ? filePortOf(cfg.file_server_url, listenPort) : null;
  const files = filePort === null ? null : http.createServer(handler);
  if (files && filePort !== null)
    await new Promise<void>((resolve) => {
      files.once('error', (err) => {
        app.log.error({ err, port: filePort }, 'CWMP file server port cannot be bound');
        resolve();
      });
      files.listen(filePort, host, () => resolve());
    });
  const closeOne = (srv: http.Server) =>
    new Promise<void>((r) => (srv.listening ? srv.close(() => r()) : r()));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await Promise.all([closeOne(server), ...(files ? [closeOne(files)] : [])]);
    },
  };
}
