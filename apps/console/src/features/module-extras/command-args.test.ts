import { describe, expect, it } from 'vitest';
import { commandArgs } from './command-args.ts';
import { modePath } from './mode-endpoint.ts';

describe('terminal command arguments', () => {
  it('sends only what the type takes', () => {
    expect(commandArgs({ type: 'reboot', text: 'left over', package: 'x.y' })).toEqual({});
    expect(commandArgs({ type: 'show_message', text: ' 欢迎 ', duration_s: 15, package: 'x.y' })).toEqual({
      text: '欢迎',
      duration_s: 15,
    });
    expect(commandArgs({ type: 'show_message', text: '  ' })).toEqual({});
    expect(commandArgs({ type: 'open_app', package: ' com.a.b ' })).toEqual({ package: 'com.a.b' });
    expect(commandArgs({ type: 'upgrade', release_id: 4 })).toEqual({ release_id: 4 });
  });
});

describe('mode paths', () => {
  it('uses the operations twin in operations mode', () => {
    expect(modePath('/admin.php/shop/config', 0)).toBe('/admin.php/shop/config');
    expect(modePath('/admin.php/shop/config', 1)).toBe('/operations/shop/config');
    expect(modePath('/admin.php/media/epg', 1, false)).toBe('/admin.php/media/epg');
  });
});
