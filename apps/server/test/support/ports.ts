import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';

/**
 * A port free on loopback for TCP and UDP, for a test that must name a port before something binds
 * it (a child process, a service a setting moves, SIPp's local side). It is picked below the
 * kernel's ephemeral range: a port the kernel chose for `bind(0)` and the test then released may
 * be handed to any outgoing connection in the meantime, and with two test files running at once
 * one was (the GB28181 agent's TCP side could not bind a port a UDP probe had found free).
 */
export async function freePort(): Promise<number> {
  const below = ephemeralLow();
  const low = Math.max(1024, below - 12_000);
  for (let i = 0; i < 100; i++) {
    const port = low + Math.floor(Math.random() * (below - low));
    if ((await tcpFree(port)) && (await udpFree(port))) return port;
  }
  throw new Error(`no port free for TCP and UDP between ${low} and ${below} in 100 tries`);
}

/** The lowest port the kernel hands out for outgoing connections (Linux; 32768 elsewhere). */
function ephemeralLow(): number {
  try {
    const low = Number(
      fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
    );
    return Number.isInteger(low) && low > 2048 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function tcpFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

function udpFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = dgram.createSocket('udp4');
    sock.once('error', () => {
      sock.close();
      resolve(false);
    });
    sock.bind(port, '127.0.0.1', () => sock.close(() => resolve(true)));
  });
}
