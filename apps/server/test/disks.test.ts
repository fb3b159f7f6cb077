import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { diskCalls } from '@igs/contract/calls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  isVirtualDevice,
  parseLsblk,
  parseProcPartitions,
  parseSmartHealth,
} from '../src/features/disks/disk-parsers.ts';
import { type DiskHost, readBlockDevices, setDiskHost } from '../src/features/disks/disk-source.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const DISK = '/admin.php/system/disk_set';

const LSBLK = JSON.stringify({
  blockdevices: [
    {
      name: 'sda',
      kname: 'sda',
      path: '/dev/sda',
      type: 'disk',
      size: 256060514304,
      fstype: null,
      mountpoint: null,
      model: 'Samsung SSD 860',
      serial: 'S3Z9NB0K123',
      rm: false,
      rota: false,
      ro: false,
      tran: 'sata',
      label: null,
      children: [
        {
          name: 'sda1',
          kname: 'sda1',
          path: '/dev/sda1',
          type: 'part',
          size: 536870912,
          fstype: 'vfat',
          mountpoint: '/boot/efi',
          rm: false,
          rota: false,
          ro: false,
        },
        {
          name: 'sda2',
          kname: 'sda2',
          path: '/dev/sda2',
          type: 'part',
          size: 255523643392,
          fstype: 'ext4',
          mountpoint: '/',
          rm: false,
          rota: false,
          ro: false,
        },
      ],
    },
    {
      name: 'sdb',
      kname: 'sdb',
      path: '/dev/sdb',
      type: 'disk',
      size: 4000787030016,
      fstype: null,
      mountpoint: null,
      model: 'WDC WD40PURZ',
      serial: 'WD-WCC7K1234567',
      rm: '0',
      rota: '1',
      ro: '0',
      tran: 'sata',
      children: [
        {
          name: 'sdb1',
          kname: 'sdb1',
          path: '/dev/sdb1',
          type: 'part',
          size: 4000785104896,
          fstype: 'xfs',
          mountpoint: '/srv/record',
          rm: '0',
          rota: '1',
          ro: '0',
        },
      ],
    },
    {
      name: 'sr0',
      kname: 'sr0',
      path: '/dev/sr0',
      type: 'rom',
      size: 1073741312,
      rm: true,
      rota: true,
      ro: false,
    },
    {
      name: 'loop0',
      kname: 'loop0',
      path: '/dev/loop0',
      type: 'loop',
      size: 4096,
      rm: false,
      rota: false,
      ro: true,
    },
    {
      name: 'zram0',
      kname: 'zram0',
      path: '/dev/zram0',
      type: 'disk',
      size: 0,
      rm: false,
      rota: false,
      ro: false,
    },
  ],
});

/** Usage by mount point for the sample host: the recording disk is 95 % full. */
const USAGE: Record<string, { blocks: number; bfree: number; bavail: number }> = {
  '/': { blocks: 1000, bfree: 600, bavail: 550 },
  '/boot/efi': { blocks: 100, bfree: 90, bavail: 90 },
  '/srv/record': { blocks: 1000, bfree: 50, bavail: 50 },
};

function sampleRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-disk-'));
  const w = (p: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    fs.writeFileSync(path.join(root, p), text);
  };
  w(
    'proc/mounts',
    '/dev/sda2 / ext4 rw 0 0\n/dev/sda1 /boot/efi vfat rw 0 0\n/dev/sdb1 /srv/record xfs rw 0 0\nproc /proc proc rw 0 0\n',
  );
  w(
    'proc/partitions',
    'major minor  #blocks  name\n\n   8        0  250059096 sda\n   8        1     524288 sda1\n   8        2  249534808 sda2\n   8       16 3907018584 sdb\n   8       17 3907016704 sdb1\n   7        0          4 loop0\n',
  );
  for (const [disk, sectors, rota, model, parts] of [
    [
      'sda',
      500118192,
      '0',
      'Samsung SSD 860',
      [
        ['sda1', 1048576],
        ['sda2', 499069616],
      ],
    ],
    ['sdb', 7814037168, '1', 'WDC WD40PURZ', [['sdb1', 7814033408]]],
    ['loop0', 8, '0', '', []],
  ] as const) {
    w(`sys/block/${disk}/size`, `${sectors}\n`);
    w(`sys/block/${disk}/removable`, '0\n');
    w(`sys/block/${disk}/ro`, '0\n');
    w(`sys/block/${disk}/queue/rotational`, `${rota}\n`);
    if (model) w(`sys/block/${disk}/device/model`, `${model}\n`);
    for (const [p, s] of parts) {
      w(`sys/block/${disk}/${p}/partition`, '1\n');
      w(`sys/block/${disk}/${p}/size`, `${s}\n`);
    }
  }
  return root;
}

function sampleHost(
  root: string,
  lsblk: string | null,
  smart: DiskHost['smart'] = async () => null,
): Partial<DiskHost> {
  return {
    root,
    lsblk: async () => lsblk,
    smart,
    statfs: async (p) => {
      const u =
        USAGE[`/${path.relative(root, p)}`.replace(/^\/$/, '/')] ?? USAGE[`/${path.relative(root, p)}`];
      if (!u) throw new Error(`not mounted: ${p}`);
      return { ...u, bsize: 4096 };
    },
  };
}

describe('disk parsers', () => {
  it('lsblk JSON: tree, booleans old and new, sizes in bytes', () => {
    const d = parseLsblk(LSBLK);
    expect(d[0]).toMatchObject({
      name: 'sda',
      model: 'Samsung SSD 860',
      rotational: false,
      size: 256060514304,
    });
    expect(d[0]!.children.map((c) => [c.name, c.fstype, c.mountpoints])).toEqual([
      ['sda1', 'vfat', ['/boot/efi']],
      ['sda2', 'ext4', ['/']],
    ]);
    expect(d[1]).toMatchObject({ rotational: true, removable: false, serial: 'WD-WCC7K1234567' });
    expect(() => parseLsblk('{"nothing":1}')).toThrow();
  });

  it('/proc/partitions in bytes; virtual devices recognised; smartctl verdicts', () => {
    expect(parseProcPartitions('major minor  #blocks  name\n\n 254 0 268435456 vda\n')).toEqual([
      { major: 254, minor: 0, size: 268435456 * 1024, name: 'vda' },
    ]);
    expect(['loop3', 'zram0', 'ram1', 'sr0'].every(isVirtualDevice)).toBe(true);
    expect(['sda', 'nvme0n1', 'vda', 'mmcblk0'].some(isVirtualDevice)).toBe(false);
    expect(parseSmartHealth('{"smart_status":{"passed":true}}')).toBe('PASSED');
    expect(parseSmartHealth('{"smart_status":{"passed":false}}')).toBe('FAILED');
    expect(parseSmartHealth('{"smartctl":{"messages":[]}}')).toBeNull();
    expect(parseSmartHealth('not json')).toBeNull();
  });

  it('sysfs (no lsblk) gives the same disks and partitions, mounts from /proc/mounts', async () => {
    const root = sampleRoot();
    try {
      const fromSys = await readBlockDevices({ ...(sampleHost(root, null) as DiskHost) });
      expect(fromSys.source).toBe('sysfs');
      expect(fromSys.devices.map((d) => [d.name, d.size, d.model, d.rotational])).toEqual([
        ['sda', 500118192 * 512, 'Samsung SSD 860', false],
        ['sdb', 7814037168 * 512, 'WDC WD40PURZ', true],
      ]);
      expect(fromSys.devices[0]!.children.map((c) => [c.name, c.fstype, c.mountpoints])).toEqual([
        ['sda1', 'vfat', ['/boot/efi']],
        ['sda2', 'ext4', ['/']],
      ]);
      const fromLsblk = await readBlockDevices({ ...(sampleHost(root, LSBLK) as DiskHost) });
      expect(fromLsblk.source).toBe('lsblk');
      expect(fromLsblk.devices.map((d) => d.name)).toEqual(['sda', 'sdb']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describeEachDb('system/disk_set over HTTP', (kind) => {
  let s: TestServer;
  let admin: string;
  let root: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
    root = sampleRoot();
  });
  afterEach(() => setDiskHost());
  afterAll(async () => {
    setDiskHost();
    fs.rmSync(root, { recursive: true, force: true });
    await s.close();
  });

  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
  const list = async (token = admin): Promise<any> => s.call(DISK, { method: 'list' }, { token });

  it('this host: disks from lsblk or sysfs, the disk holding / is the system disk', async () => {
    const r = await list();
    expect(r.code).toBe(200);
    expect(r.data.threshold).toBe(90);
    const sys = r.data.list.filter((d: { system: number }) => d.system === 1);
    const rootMounted = fs
      .readFileSync('/proc/mounts', 'utf8')
      .split('\n')
      .some((l) => /^\/dev\/\S+ \/ /.test(l));
    if (rootMounted) {
      expect(sys).toHaveLength(1);
      expect(sys[0].role).toBe('system');
      expect(sys[0].used).toBeGreaterThan(0);
    }
    for (const d of r.data.list) expect(isVirtualDevice(d.name)).toBe(false);
  });

  it('sample host: partitions, usage, warnings above cleanup_pct, no smart_health without smartctl', async () => {
    setDiskHost(sampleHost(root, LSBLK));
    const r = await list();
    expect(r.code).toBe(200);
    const [sda, sdb] = r.data.list;
    expect(sda).toMatchObject({
      name: 'sda',
      system: 1,
      role: 'system',
      model: 'Samsung SSD 860',
      rotational: 0,
    });
    expect(sda.children.map((c: { name: string; mountpoint: string }) => [c.name, c.mountpoint])).toEqual([
      ['sda1', '/boot/efi'],
      ['sda2', '/'],
    ]);
    expect(sdb).toMatchObject({ name: 'sdb', system: 0, role: 'none', warning: true, used_pct: 95 });
    expect(sdb).not.toHaveProperty('smart_health');
    expect(r.data.smart_available).toBe(false);
    expect(r.data.warnings).toEqual([
      { name: 'sdb1', mountpoint: '/srv/record', used_pct: 95, msg: expect.stringContaining('/srv/record') },
    ]);
    // The reply is what the contract says the console gets (a changed field fails here and in tsc).
    expect(diskCalls.list.output.safeParse(r.data).error).toBeUndefined();
    // A higher threshold: no warning.
    expect((await s.call(DISK, { method: 'config_form', cleanup_pct: 96 }, { token: admin })).code).toBe(200);
    expect((await list()).data.warnings).toEqual([]);
    expect((await s.call(DISK, { method: 'config_form', cleanup_pct: 90 }, { token: admin })).code).toBe(200);
  });

  it('smart_health is present when smartctl is installed', async () => {
    setDiskHost(
      sampleHost(root, LSBLK, async () => async (dev) => (dev === '/dev/sdb' ? 'FAILED' : 'PASSED')),
    );
    const r = await list();
    expect(r.data.list.map((d: { smart_health: string }) => d.smart_health)).toEqual(['PASSED', 'FAILED']);
  });

  it('role edit: stored per disk (by serial), shown in the list, logged', async () => {
    setDiskHost(sampleHost(root, LSBLK));
    const r = await s.call(DISK, { method: 'edit', name: 'sdb', role: 'record' }, { token: admin });
    expect(r.code).toBe(200);
    expect((await list()).data.list[1].role).toBe('record');
    const row = await s.app.db.kysely.selectFrom('disk_roles').selectAll().execute();
    expect(row).toEqual([
      expect.objectContaining({ device_key: 'serial:WD-WCC7K1234567', name: 'sdb', role: 'record' }),
    ]);
    // The same disk under another kernel name keeps its role.
    setDiskHost(sampleHost(root, LSBLK.replaceAll('"sdb', '"sdc').replaceAll('/dev/sdb', '/dev/sdc')));
    expect((await list()).data.list[1]).toMatchObject({ name: 'sdc', role: 'record' });
    const log = await s.app.db.kysely
      .selectFrom('operation_log')
      .selectAll()
      .where('module', '=', 'system:disk_set')
      .execute();
    expect(log.at(-1)).toMatchObject({
      action: 'edit',
      result: 'success',
      detail: 'sdb: role none → record',
    });
  });

  it("refuses the system disk's role, the system role, unknown roles and disks; nothing changes", async () => {
    setDiskHost(sampleHost(root, LSBLK));
    const before = await s.app.db.kysely.selectFrom('disk_roles').selectAll().execute();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: 'sda', role: 'media' }, 422, "The system disk's role cannot be changed"],
      [{ name: 'sdb', role: 'system' }, 422, 'cannot be given'],
      [{ name: 'sdb', role: 'trash' }, 422, 'role must be one of media, record, backup, none'],
      [{ name: 'sdz', role: 'media' }, 404, 'No disk named sdz'],
      [{ name: '../etc', role: 'media' }, 422, 'device name'],
      [{ name: 'sdb' }, 422, 'role'],
    ];
    for (const [body, code, msg] of cases) {
      const r = await s.call(
        DISK,
        { method: 'edit', ...body },
        { token: admin, headers: { 'accept-language': 'en' } },
      );
      expect(r.code, JSON.stringify(body)).toBe(code);
      expect(r.msg).toContain(msg);
    }
    expect(await s.app.db.kysely.selectFrom('disk_roles').selectAll().execute()).toEqual(before);
    expect((await list()).data.list[0].role).toBe('system');
  });

  it('settings: read, validated, saved', async () => {
    setDiskHost(sampleHost(root, LSBLK));
    const cfg = await s.call(DISK, { method: 'config' }, { token: admin });
    expect(cfg.data).toEqual({ media_path: '', record_path: '', cleanup_pct: 90, retention_days: 30 });
    expect(diskCalls.config.output.safeParse(cfg.data).error).toBeUndefined();
    for (const bad of [
      { cleanup_pct: 100 },
      { retention_days: 0 },
      { media_path: 'relative/dir' },
      { record_path: '/srv/../etc' },
    ]) {
      const r = await s.call(DISK, { method: 'config_form', ...bad }, { token: admin });
      expect(r.code, JSON.stringify(bad)).toBe(422);
    }
    expect((await s.call(DISK, { method: 'config' }, { token: admin })).data).toEqual(cfg.data);
    const ok = await s.call(
      DISK,
      { method: 'config_form', media_path: '/srv/record/media', retention_days: 60 },
      { token: admin },
    );
    expect(ok.code, ok.msg).toBe(200);
    expect((await s.call(DISK, { method: 'config' }, { token: admin })).data).toEqual({
      media_path: '/srv/record/media',
      record_path: '',
      cleanup_pct: 90,
      retention_days: 60,
    });
  });

  it('role folders are confined to mounted data disks: /, /etc, the system disk and unmounted paths refused', async () => {
    setDiskHost(sampleHost(root, LSBLK));
    const before = (await s.call(DISK, { method: 'config' }, { token: admin })).data;
    const en = { token: admin, headers: { 'accept-language': 'en' } };
    const cases: [Record<string, string>, string][] = [
      [{ media_path: '/' }, 'is a folder of the operating system'],
      [{ record_path: '/etc' }, 'is a folder of the operating system'],
      [{ media_path: '/etc/cron.d' }, 'is a folder of the operating system'],
      [{ record_path: '/boot/efi/rec' }, 'is a folder of the operating system'],
      [{ media_path: '/srv/media' }, 'is not on a mounted data disk; choose a folder under /srv/record'],
      [{ media_path: '/srv/recordings' }, 'is not on a mounted data disk'],
      // Both fields at once: the good one is not saved either.
      [{ media_path: '/srv/record/m', record_path: '/var/tmp' }, 'record_path: /var/tmp'],
    ];
    for (const [body, msg] of cases) {
      const r = await s.call(DISK, { method: 'config_form', ...body }, en);
      expect(r.code, JSON.stringify(body)).toBe(422);
      expect(r.msg).toContain(msg);
    }
    const zh = await s.call(
      DISK,
      { method: 'config_form', media_path: '/etc' },
      { token: admin, headers: { 'accept-language': 'zh-CN' } },
    );
    expect(zh.msg).toContain('操作系统目录');
    expect((await s.call(DISK, { method: 'config' }, { token: admin })).data).toEqual(before);
    // No data disk mounted at all: every folder is refused, and the message says to mount one.
    // (a host folder without /proc/mounts, so lsblk's answer is the whole story)
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-bare-'));
    setDiskHost(sampleHost(bare, LSBLK.replace('"/srv/record"', 'null')));
    const none = await s.call(DISK, { method: 'config_form', media_path: '/srv/record/m' }, en);
    fs.rmSync(bare, { recursive: true, force: true });
    expect(none.code).toBe(422);
    expect(none.msg).toContain('no data disk is mounted');
    // A link inside the data disk that leads out of it is refused.
    const mount = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-datadisk-'));
    try {
      fs.symlinkSync('/etc', path.join(mount, 'sneaky'));
      fs.mkdirSync(path.join(mount, 'media'));
      setDiskHost(sampleHost(mount, LSBLK.replace('"/srv/record"', JSON.stringify(mount))));
      const link = await s.call(DISK, { method: 'config_form', media_path: `${mount}/sneaky` }, en);
      expect(link.code).toBe(422);
      expect(link.msg).toContain('is not on a mounted data disk');
      // Also a folder to be made below such a link.
      const below = await s.call(DISK, { method: 'config_form', media_path: `${mount}/sneaky/new/deep` }, en);
      expect(below.code).toBe(422);
      // A folder that does not exist yet on the data disk itself is fine.
      const later = await s.call(DISK, { method: 'config_form', media_path: `${mount}/media/later` }, en);
      expect(later.code, later.msg).toBe(200);
      const real = await s.call(DISK, { method: 'config_form', media_path: `${mount}/media` }, en);
      expect(real.code, real.msg).toBe(200);
    } finally {
      fs.rmSync(mount, { recursive: true, force: true });
    }
  });

  it('permissions: no menu, or the menu without system:disk_set:edit', async () => {
    setDiskHost(sampleHost(root, LSBLK));
    const none = await accountWith(s, `nodisk_${kind}`, ['/admin.php/system/running'], []);
    expect((await s.call(DISK, { method: 'list' }, { token: none })).code).toBe(403);
    const viewer = await accountWith(s, `diskview_${kind}`, [DISK], []);
    expect((await s.call(DISK, { method: 'list' }, { token: viewer })).code).toBe(200);
    const r = await s.call(DISK, { method: 'edit', name: 'sdb', role: 'backup' }, { token: viewer });
    expect(r.code).toBe(403);
    expect(r.msg).toContain('system:disk_set:edit');
    expect((await s.call(DISK, { method: 'config_form', cleanup_pct: 80 }, { token: viewer })).code).toBe(
      403,
    );
    expect((await list()).data.list[1].role).not.toBe('backup');
    const editor = await accountWith(s, `diskedit_${kind}`, [DISK], ['system:disk_set:edit']);
    expect(
      (await s.call(DISK, { method: 'edit', name: 'sdb', role: 'backup' }, { token: editor })).code,
    ).toBe(200);
  });
});
