import { describe, expect, it } from 'vitest';
import { lastDays } from '../../src/features/home/online-days.ts';
import { fsUsage, mountOf, parseMounts } from '../../src/platform/host/proc-parsers.ts';

const MOUNTS = `/dev/sda2 / ext4 rw 0 0
proc /proc proc rw 0 0
/dev/sdb1 /srv/data xfs rw 0 0
/dev/sdb1 /var/lib/igs xfs rw,bind 0 0
tmpfs /run tmpfs rw 0 0
`;

describe('the one disk figure', () => {
  it('fsUsage computes as df: used of what users may fill, one decimal', () => {
    expect(fsUsage({ blocks: 1000, bsize: 4096, bfree: 250, bavail: 200 })).toEqual({
      total: 4_096_000,
      used: 3_072_000,
      avail: 819_200,
      used_pct: 78.9,
    });
    expect(fsUsage({ blocks: 0, bsize: 4096, bfree: 0, bavail: 0 }).used_pct).toBe(0);
  });

  it('mountOf finds the filesystem holding a path, named as the status page lists it', () => {
    const m = parseMounts(MOUNTS);
    expect(mountOf(m, '/home/igs/data')?.mountpoint).toBe('/');
    expect(mountOf(m, '/srv/data/igs')?.mountpoint).toBe('/srv/data');
    expect(mountOf(m, '/srv/database')?.mountpoint).toBe('/');
    // A bind mount of the data disk is reported at the disk's own mount point.
    expect(mountOf(m, '/var/lib/igs/db')?.mountpoint).toBe('/srv/data');
  });
});

describe('lastDays', () => {
  it('gives 7 calendar days up to today, across a month end', () => {
    expect(lastDays(new Date(2026, 2, 2, 0, 30).getTime())).toEqual([
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});
