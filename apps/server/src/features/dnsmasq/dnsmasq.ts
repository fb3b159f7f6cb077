import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';

/**
 * The real checker (DOMAIN real-effect policy 2): `dnsmasq --test` over the generated files. When
 * the binary is missing the result says so; it never pretends the check passed.
 */

const CANDIDATES = ['/usr/sbin/dnsmasq', '/usr/bin/dnsmasq', '/sbin/dnsmasq', '/usr/local/sbin/dnsmasq'];

export async function findDnsmasq(): Promise<string | null> {
  const configured = process.env.IGS_DNSMASQ;
  for (const p of configured ? [configured] : CANDIDATES) {
    try {
      await fs.access(p, fs.constants.X_OK);
      return p;
    } catch {
      // next candidate
    }
  }
  return null;
}

export interface TestResult {
  /** False when dnsmasq is not installed: the files were not checked. */
  ran: boolean;
  ok: boolean;
  output: string;
  binary: string | null;
}

/** `dnsmasq --test --conf-file=a --conf-file=b`: all files together, as the daemon reads them. */
export async function testConfig(files: string[]): Promise<TestResult> {
  const binary = await findDnsmasq();
  if (!binary)
    return {
      ran: false,
      ok: false,
      binary: null,
      output: `dnsmasq is not installed (looked for ${process.env.IGS_DNSMASQ || CANDIDATES.join(', ')}): the configuration was not checked`,
    };
  const args = ['--test', ...files.map((f) => `--conf-file=${f}`)];
  return new Promise((resolve) => {
    execFile(binary, args, { timeout: 10_000 }, (err, stdout, stderr) => {
      const output = `${stdout}${stderr}`.trim().slice(0, 2000);
      if (!err) return resolve({ ran: true, ok: true, output, binary });
      const e = err as NodeJS.ErrnoException & { killed?: boolean };
      resolve({
        ran: true,
        ok: false,
        binary,
        output: e.killed ? 'dnsmasq --test timed out' : output || e.message,
      });
    });
  });
}

export async function dnsmasqVersion(): Promise<string | null> {
  const binary = await findDnsmasq();
  if (!binary) return null;
  return new Promise((resolve) => {
    execFile(binary, ['--version'], { timeout: 5000 }, (err, stdout) => {
      if (err) return resolve(null);
      resolve(/version\s+(\S+)/i.exec(stdout)?.[1] ?? null);
    });
  });
}
