import { spawn } from 'node:child_process';
import dns from 'node:dns';
import net from 'node:net';
import type { Lang } from '@igs/contract';
import { say } from '@igs/contract';
import { findBinary } from '../../platform/host/host-exec.ts';
import type { Tool, ToolRequest } from './validate.ts';

/** Limits of one run (DOMAIN 2.9: each run is capped at 30 s; connect 3 s). Tests shorten them. */
export const toolLimits = { maxRunMs: 30_000, connectTimeoutMs: 3000, dnsTimeoutMs: 3000 };

/** Where a run's output goes as it comes. */
export interface Sink {
  write(text: string): void;
}

export interface PlannedRun {
  /** The command line shown first, as the user would type it. */
  title: string;
  run(sink: Sink, signal: AbortSignal): Promise<number | null>;
}

/** Binary behind each program-backed tool. */
export const TOOL_BINARY: Partial<Record<Tool, string>> = {
  ping: 'ping',
  traceroute: 'traceroute',
  arp: 'ip',
};

function commandArgs(req: ToolRequest): string[] {
  const dev = req.iface;
  switch (req.tool) {
    case 'ping':
      return ['-c', String(req.count), '-W', '2', ...(dev ? ['-I', dev] : []), '--', req.host];
    case 'traceroute':
      return ['-n', '-m', '20', '-w', '2', ...(dev ? ['-i', dev] : []), req.host];
    case 'arp':
      return ['-j', 'neigh', 'show', ...(dev ? ['dev', dev] : []), ...(req.host ? ['to', req.host] : [])];
    default:
      return [];
  }
}

/** Runs a program, passing its output on as it arrives; the signal kills it. Resolves with the exit code. */
function streamProgram(
  file: string,
  args: string[],
  sink: Sink,
  signal: AbortSignal,
): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
      windowsHide: true,
    });
    const kill = () => child.kill('SIGKILL');
    signal.addEventListener('abort', kill, { once: true });
    child.stdout.setEncoding('utf8').on('data', (d: string) => sink.write(d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => sink.write(d));
    child.on('error', (e) => {
      sink.write(`${e.message}\n`);
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', kill);
      resolve(code);
    });
  });
}

/** `ip -j neigh` as a table: address, MAC, interface, state. */
export function formatNeighbours(json: string): string {
  let rows: { dst?: string; lladdr?: string; dev?: string; state?: string[] }[];
  try {
    rows = JSON.parse(json || '[]');
  } catch {
    return json;
  }
  if (!rows.length) return '(no entries)\n';
  const lines = rows.map((r) =>
    [r.dst ?? '', r.lladdr ?? '-', r.dev ?? '', (r.state ?? []).join(',')]
      .map((c, i) => c.padEnd([40, 18, 12, 0][i]!))
      .join(' '),
  );
  return `${['ADDRESS'.padEnd(40), 'MAC'.padEnd(18), 'IFACE'.padEnd(12), 'STATE'].join(' ')}\n${lines.join('\n')}\n`;
}

function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(new Error('aborted'));
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
}

async function dnsLookup(host: string, sink: Sink, signal: AbortSignal, lang: Lang): Promise<number> {
  const resolver = new dns.promises.Resolver({ timeout: toolLimits.dnsTimeoutMs, tries: 2 });
  signal.addEventListener('abort', () => resolver.cancel(), { once: true });
  const stop = untilAborted(signal);
  stop.catch(() => {});
  let found = 0;
  const step = async (label: string, work: () => Promise<string[]>) => {
    try {
      const list = await Promise.race([work(), stop]);
      found += list.length;
      sink.write(`${label.padEnd(12)} ${list.length ? list.join(', ') : say(lang, 'tools.none')}\n`);
    } catch (e) {
      if (signal.aborted) throw e;
      const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      sink.write(`${label.padEnd(12)} ${code}\n`);
    }
  };
  if (net.isIP(host)) {
    await step('PTR', () => resolver.reverse(host));
  } else {
    // getaddrinfo answers as the gateway's own programs would (hosts file, then DNS).
    await step('getaddrinfo', async () =>
      (await dns.promises.lookup(host, { all: true })).map((a) => a.address),
    );
    await step('A', () => resolver.resolve4(host));
    await step('AAAA', () => resolver.resolve6(host));
  }
  return found > 0 ? 0 : 1;
}

function tcpPort(host: string, port: number, sink: Sink, signal: AbortSignal, lang: Lang): Promise<number> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect({ host, port });
    const done = (code: number, text: string) => {
      clearTimeout(timer);
      socket.destroy();
      sink.write(`${text}\n`);
      resolve(code);
    };
    const timer = setTimeout(
      () => done(1, say(lang, 'tools.noAnswerWithinS', { value: toolLimits.connectTimeoutMs / 1000 })),
      toolLimits.connectTimeoutMs,
    );
    signal.addEventListener('abort', () => done(1, 'stopped'), { once: true });
    socket.once('connect', () =>
      done(
        0,
        say(lang, 'tools.openConnectedMs', { address: socket.remoteAddress, port, ms: Date.now() - started }),
      ),
    );
    socket.once('error', (e: NodeJS.ErrnoException) => {
      const text =
        e.code === 'ECONNREFUSED'
          ? say(lang, 'tools.closedConnectionRefused')
          : `${say(lang, 'tools.failed')}: ${e.code ?? e.message}`;
      done(1, text);
    });
  });
}

/**
 * What a request will run, or the name of the missing program. Programs are looked up by name
 * on PATH and the sbin folders, then started by absolute path with a fixed argument list.
 */
export async function planRun(req: ToolRequest, lang: Lang): Promise<PlannedRun | { missing: string }> {
  const binary = TOOL_BINARY[req.tool];
  if (binary) {
    const file = await findBinary(binary);
    if (!file) return { missing: binary };
    const args = commandArgs(req);
    const title = `${binary} ${args.join(' ')}`;
    if (req.tool === 'arp') {
      return {
        title,
        async run(sink, signal) {
          let out = '';
          const code = await streamProgram(file, args, { write: (t) => (out += t) }, signal);
          sink.write(code === 0 ? formatNeighbours(out) : out);
          return code;
        },
      };
    }
    return { title, run: (sink, signal) => streamProgram(file, args, sink, signal) };
  }
  if (req.tool === 'dns_lookup') {
    return {
      title: `dns_lookup ${req.host}`,
      run: (sink, signal) => dnsLookup(req.host, sink, signal, lang),
    };
  }
  return {
    title: `tcp_port ${req.host} ${req.port}`,
    run: (sink, signal) => tcpPort(req.host, req.port!, sink, signal, lang),
  };
}
