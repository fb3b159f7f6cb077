import { describe, expect, it } from 'vitest';
import { isAddressOf } from './use-tags-sync.ts';

describe('a late-rendered page adds its tab only while the address still shows it', () => {
  it('the same path, with or without a trailing slash, is the address', () => {
    expect(isAddressOf('/system/dhcp', '/system/dhcp')).toBe(true);
    expect(isAddressOf('/system/dhcp', '/system/dhcp/')).toBe(true);
    expect(isAddressOf('/', '/')).toBe(true);
  });

  it('an address that moved on (close all went to the dashboard) is not', () => {
    expect(isAddressOf('/system/dhcp', '/dashboard')).toBe(false);
    expect(isAddressOf('/system/dhcp', '/system/dhcp-relay')).toBe(false);
  });
});
