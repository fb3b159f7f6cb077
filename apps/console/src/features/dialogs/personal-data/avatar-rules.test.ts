import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, checkAvatar } from './avatar-rules.ts';

describe('avatar upload rules', () => {
  it('accepts JPG and PNG below 10 MB', () => {
    expect(checkAvatar({ type: 'image/jpeg', size: 1024 }, 'en')).toBeUndefined();
    expect(checkAvatar({ type: 'image/png', size: AVATAR_MAX_BYTES - 1 }, 'en')).toBeUndefined();
  });

  it('refuses other types and 10 MB or more, in both languages', () => {
    expect(checkAvatar({ type: 'image/gif', size: 10 }, 'en')).toBe('Only JPG/PNG images can be uploaded');
    expect(checkAvatar({ type: 'image/png', size: AVATAR_MAX_BYTES }, 'en')).toBe(
      'Image size cannot exceed 10M',
    );
    expect(checkAvatar({ type: 'image/webp', size: 10 }, 'zh_CN')).toBe('只能上传JPG/PNG格式的图片');
    expect(checkAvatar({ type: 'image/jpeg', size: AVATAR_MAX_BYTES * 2 }, 'zh_CN')).toBe(
      '图片大小不能超过10M',
    );
  });
});
