import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A `/sys/class/net` look-alike for the network and DHCP tests, so their interface names do not
 * depend on the machine (the server reads IGS_SYSFS_NET). The real host is read in its own test.
 */
export function makeFakeSysfs(names: string[]): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-sysfs-'));
  names.forEach((name, i) => {
    const dir = path.join(root, name);
    fs.mkdirSync(path.join(dir, 'statistics'), { recursive: true });
    const loopback = name === 'lo';
    const files: Record<string, string> = {
      address: loopback ? '00:00:00:00:00:00' : `02:00:00:00:00:${(i + 1).toString(16).padStart(2, '0')}`,
      operstate: loopback ? 'unknown' : i % 2 ? 'down' : 'up',
      carrier: i % 2 ? '0' : '1',
      speed: loopback ? '' : '1000',
      mtu: loopback ? '65536' : '1500',
      type: loopback ? '772' : '1',
      'statistics/rx_bytes': String(1000 * (i + 1)),
      'statistics/tx_bytes': String(500 * (i + 1)),
      'statistics/rx_packets': String(10 * (i + 1)),
      'statistics/tx_packets': String(5 * (i + 1)),
    };
    for (const [f, v] of Object.entries(files)) fs.writeFileSync(path.join(dir, f), `${v}\n`);
    if (!loopback) fs.mkdirSync(path.join(dir, 'device'));
  });
  return root;
}
