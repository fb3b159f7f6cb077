import { describe, expect, it } from 'vitest';
import { type DiskRow, isFolderPath, toTreeRows } from './disk-data.ts';

const part = (name: string, mountpoint = '') => ({
  name,
  path: `/dev/${name}`,
  type: 'part',
  size: 1,
  fstype: 'ext4',
  label: '',
  mountpoint,
  mountpoints: mountpoint ? [mountpoint] : [],
  used: null,
  avail: null,
  used_pct: null,
  warning: false,
  children: [],
});

describe('disk page data', () => {
  it('disks become tree rows with their partitions as children; a bare disk has no expander', () => {
    const disks = [
      {
        ...part('sda'),
        type: 'disk',
        children: [part('sda1', '/boot'), part('sda2', '/')],
        system: 1,
        role: 'system',
      },
      { ...part('sdb'), type: 'disk', system: 0, role: 'media' },
    ] as unknown as DiskRow[];
    const rows = toTreeRows(disks);
    expect(rows.map((r) => r.key)).toEqual(['sda', 'sdb']);
    expect(rows[0]!.children?.map((c) => [c.key, c.mountpoint])).toEqual([
      ['sda/sda1', '/boot'],
      ['sda/sda2', '/'],
    ]);
    expect(rows[0]!.disk?.role).toBe('system');
    expect(rows[1]).not.toHaveProperty('children');
  });

  it('folder paths: absolute, no ..', () => {
    expect(['', '/srv/media', ' /data '].every(isFolderPath)).toBe(true);
    expect(['srv/media', '/srv/../etc', '..'].some(isFolderPath)).toBe(false);
  });
});
