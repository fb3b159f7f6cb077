import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { setDiskHost } from '../src/features/disks/disk-source.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

/**
 * system/disk_set mount, unmount and format change the host: every guard is tested here through
 * its refusal (the device lsblk lists, never the system disk, the state, IGS_APPLY). No test runs
 * a real mount or mkfs: without IGS_APPLY=1 the last guard answers 503 naming the command.
 */

const DISK = '/admin.php/system/disk_set';

const part = (name: string, fstype: string | null, mountpoint: string | null) => ({
  name,
  kname: name,
  path: `/dev/${name}`,
  type: 'part',
  size: 1_000_000_000,
  fstype,
  mountpoint,
});
const disk = (name: string, extra: Record<string, unknown>) => ({
  name,
  kname: name,
  path: `/dev/${name}`,
  type: 'disk',
  size: 4_000_000_000,
  fstype: null,
  mountpoint: null,
  serial: `SN-${name}`,
  ...extra,
});

const LSBLK = JSON.stringify({
  blockdevices: [
    // The system disk: / on sda2, the EFI partition beside it.
    disk('sda', { children: [part('sda1', 'vfat', '/boot/efi'), part('sda2', 'ext4', '/')] }),
    // A recording disk in use.
    disk('sdb', { children: [part('sdb1', 'xfs', '/srv/record')] }),
    // A whole-disk file system, not mounted.
    disk('sdc', { fstype: 'ext4' }),
    // A new disk: no file system yet.
    disk('sdd', {}),
  ],
});

function hostRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-mount-'));
  fs.mkdirSync(path.join(root, 'proc'));
  fs.writeFileSync(path.join(root, 'proc/mounts'), '');
  fs.mkdirSync(path.join(root, 'sys/block'), { recursive: true });
  return root;
}

afterEach(() => {
  delete process.env.IGS_APPLY;
});

describeEachDb('disk mount, unmount and format', (kind) => {
  let s: TestServer;
  let token: string;
  const root = hostRoot();
  const call = (body: Record<string, unknown>, t = token) =>
    s.call<{ errors?: { field: string }[]; command?: string }>(DISK, body, { token: t });

  beforeAll(async () => {
    setDiskHost({ root, lsblk: async () => LSBLK, smart: async () => null });
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => {
    setDiskHost();
    await s.close();
  });

  it('never touches the system disk, even with IGS_APPLY=1', async () => {
    process.env.IGS_APPLY = '1';
    for (const body of [
      { method: 'unmount', device: '/dev/sda2' },
      { method: 'unmount', device: '/dev/sda1' },
      { method: 'format', device: '/dev/sda1', fstype: 'ext4', confirm: '/dev/sda1' },
      { method: 'format', device: '/dev/sda', fstype: 'ext4', confirm: '/dev/sda' },
      { method: 'mount', device: '/dev/sda1', mountpoint: '/mnt/efi' },
    ]) {
      const r = await call(body);
      expect(r.code, JSON.stringify(body)).toBe(409);
      expect(r.msg).toContain('system disk /dev/sda');
    }
  });

  it('takes only a device path lsblk lists now', async () => {
    for (const device of ['sdb1', '/dev/../etc/passwd', '/tmp/x', '', '/dev/sdb1;reboot']) {
      const r = await call({ method: 'unmount', device });
      expect(r.code, device).toBe(422);
      expect(r.data.errors?.[0]?.field).toBe('device');
    }
    const unknown = await call({ method: 'unmount', device: '/dev/sdz1' });
    expect(unknown.code).toBe(404);
    expect(unknown.msg).toContain('lsblk lists no disk or partition /dev/sdz1');
  });

  it('refuses what the state does not allow', async () => {
    const mounted = await call({
      method: 'format',
      device: '/dev/sdb1',
      fstype: 'ext4',
      confirm: '/dev/sdb1',
    });
    expect(mounted.code).toBe(409);
    expect(mounted.msg).toContain('unmount it first');
    const parent = await call({ method: 'format', device: '/dev/sdb', fstype: 'ext4', confirm: '/dev/sdb' });
    expect(parent.code).toBe(409);
    expect((await call({ method: 'mount', device: '/dev/sdb1', mountpoint: '/mnt/rec' })).code).toBe(409);
    expect((await call({ method: 'mount', device: '/dev/sdb', mountpoint: '/mnt/rec' })).msg).toContain(
      'has partitions',
    );
    expect((await call({ method: 'unmount', device: '/dev/sdc' })).msg).toContain('is not mounted');
    const blank = await call({ method: 'mount', device: '/dev/sdd', mountpoint: '/mnt/new' });
    expect(blank.code).toBe(409);
    expect(blank.msg).toContain('format it first');
    const taken = await call({ method: 'mount', device: '/dev/sdc', mountpoint: '/srv/record' });
    expect(taken.code).toBe(409);
    expect(taken.msg).toContain('already used by /dev/sdb1');
  });

  it('checks the mount point, the file system, the label and the confirmation', async () => {
    for (const mountpoint of ['/etc/x', '/mnt', '/mnt/../etc', 'mnt/x', '/srv/a b', '']) {
      const r = await call({ method: 'mount', device: '/dev/sdc', mountpoint });
      expect(r.code, mountpoint).toBe(422);
      expect(r.data.errors?.[0]?.field).toBe('mountpoint');
    }
    const fields = async (body: Record<string, unknown>) =>
      (await call({ method: 'format', device: '/dev/sdd', ...body })).data.errors?.[0]?.field;
    expect(await fields({ fstype: 'ntfs', confirm: '/dev/sdd' })).toBe('fstype');
    expect(await fields({ fstype: 'ext4', label: 'a label!', confirm: '/dev/sdd' })).toBe('label');
    expect(await fields({ fstype: 'ext4' })).toBe('confirm');
    expect(await fields({ fstype: 'ext4', confirm: '/dev/sdc' })).toBe('confirm');
  });

  it('without IGS_APPLY=1 a permitted change is not run, and the reply names the command', async () => {
    const mount = await call({ method: 'mount', device: '/dev/sdc', mountpoint: '/mnt/media' });
    expect(mount.code).toBe(503);
    expect(mount.msg).toBe(
      'Not applied on this host: IGS_APPLY is not 1 (not run: mount /dev/sdc /mnt/media)',
    );
    expect(fs.existsSync('/mnt/media')).toBe(false);
    const unmount = await call({ method: 'unmount', device: '/dev/sdb1' });
    expect(unmount.msg).toContain('not run: umount /dev/sdb1');
    const format = await call({
      method: 'format',
      device: '/dev/sdd',
      fstype: 'xfs',
      label: 'media',
      confirm: '/dev/sdd',
    });
    expect(format.code).toBe(503);
    expect(format.msg).toContain('not run: mkfs.xfs -f -L media /dev/sdd');
  });

  it('answers 503 when lsblk cannot vouch for the device', async () => {
    setDiskHost({ root, lsblk: async () => null, smart: async () => null });
    try {
      const r = await call({ method: 'unmount', device: '/dev/sdb1' });
      expect(r.code).toBe(503);
      expect(r.msg).toContain('lsblk');
    } finally {
      setDiskHost({ root, lsblk: async () => LSBLK, smart: async () => null });
    }
  });

  it('each needs its own button key', async () => {
    const viewer = await accountWith(s, `disks_${kind}`, [DISK], ['system:disk_set:unmount']);
    expect(
      (await call({ method: 'format', device: '/dev/sdd', fstype: 'ext4', confirm: '/dev/sdd' }, viewer))
        .code,
    ).toBe(403);
    expect((await call({ method: 'mount', device: '/dev/sdc', mountpoint: '/mnt/x' }, viewer)).code).toBe(
      403,
    );
    expect((await call({ method: 'unmount', device: '/dev/sdb1' }, viewer)).code).toBe(503);
  });
});
