/**
 * Memory under anonymous uploads (issue 12 item 5): 40 clients post 10 MB multipart bodies at once
 * without a session, to each path that takes multipart; the server's resident memory is sampled
 * every 20 ms before, during and after. A server that refuses from the headers stays flat; one
 * that buffered the bodies would grow by about 400 MB.
 *
 *   node bench/anonymous-uploads.ts            (SQLite in a temporary folder)
 *   CLIENTS=80 MB=20 node bench/anonymous-uploads.ts
 *
 * Not a timed test: run by hand and read the figures.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '..');
const CLIENTS = Number(process.env.CLIENTS ?? 40);
const BYTES = Number(process.env.MB ?? 10) * 1024 * 1024;
const PATHS = ['/admin.php/common/upload', '/admin.php/explorer/upload', '/admin.php/index/personal'];

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForServer(port: number): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** One anonymous post of BYTES: resolves with the reply's code and how many body bytes went out. */
function post(port: number, urlPath: string): Promise<{ code: number | null; sent: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    // The fields each path expects before its file: the upload routes' kind, the personal form's
    // method and photo (the dispatcher buffers an accepted file in memory).
    const [name, value, file] = urlPath.endsWith('/personal')
      ? ['method', 'form', 'photo']
      : ['kind', 'video', 'file'];
    const head = `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n--B\r\nContent-Disposition: form-data; name="${file}"; filename="a.png"\r\n\r\n`;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let reply = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const m = /"code":(\d+)/.exec(reply);
      socket.destroy();
      resolve({ code: m ? Number(m[1]) : null, sent });
    };
    socket.on('data', (d) => {
      reply += d.toString();
      if (reply.includes('"code"')) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(
      `POST ${urlPath} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: multipart/form-data; boundary=B\r\ncontent-length: ${BYTES}\r\n\r\n${head}`,
    );
    sent = head.length;
    const pump = () => {
      while (!done && sent < BYTES) {
        const n = Math.min(chunk.length, BYTES - sent);
        sent += n;
        if (!socket.write(chunk.subarray(0, n))) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-bench-anon-'));
const port = await freePort();
const child = spawn(process.execPath, [path.join(REPO, 'apps/server/src/main.ts')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    GW_CAPTCHA: 'off',
    GW_CWMP: 'off',
    LOG_LEVEL: 'warn',
    // The flood is what is measured, not the limiter: every request reaches its route.
    RATE_LIMIT_ANONYMOUS_PER_MIN: '1000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitForServer(port);
  await new Promise((r) => setTimeout(r, 1000));
  for (const urlPath of PATHS) {
    const before = rssMb(child.pid!);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(child.pid!));
    }, 20);
    const t0 = performance.now();
    const results = await Promise.all(Array.from({ length: CLIENTS }, () => post(port, urlPath)));
    const ms = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 500));
    clearInterval(sampler);
    const after = rssMb(child.pid!);
    const tally = new Map<string, number>();
    for (const r of results) {
      const k = r.code === null ? 'closed before the reply was read' : `code ${r.code}`;
      tally.set(k, (tally.get(k) ?? 0) + 1);
    }
    const codes = [...tally].map(([k, n]) => `${n} ${k}`).join(', ');
    const sentMb = results.reduce((a, r) => a + r.sent, 0) / 1048576;
    console.log(
      `${urlPath}: ${CLIENTS} x ${BYTES / 1048576} MB anonymous; ${codes}; ${ms.toFixed(0)} ms; ` +
        `client wrote ${sentMb.toFixed(0)} MB before the close; ` +
        `RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)}), after ${after.toFixed(0)} MB`,
    );
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
