import { describe, expect, it } from 'vitest';
import {
  buildM3u,
  buildXmltv,
  channelId,
  xmlText,
  xmltvTime,
} from '../../src/features/media-extras/playlists.ts';

describe('M3U playlist', () => {
  it('writes #EXTM3U and one #EXTINF with attributes and the URL per channel', () => {
    const text = buildM3u([
      {
        number: 1,
        name: 'CCTV-1 综合',
        tvgId: 'cctv1',
        logo: 'http://gw/logo.png',
        groups: ['央视', '高清'],
        url: 'udp://239.1.1.1:5000',
      },
      {
        number: 12,
        name: 'Local, "news"',
        tvgId: channelId('', 12),
        logo: '',
        groups: [],
        url: 'http://x/a.m3u8',
      },
    ]);
    expect(text).toBe(
      '#EXTM3U\n' +
        '#EXTINF:-1 tvg-id="cctv1" tvg-name="CCTV-1 综合" tvg-logo="http://gw/logo.png" tvg-chno="1" group-title="央视;高清",CCTV-1 综合\n' +
        'udp://239.1.1.1:5000\n' +
        '#EXTINF:-1 tvg-id="channel-12" tvg-name="Local,  news" tvg-chno="12",Local, "news"\n' +
        'http://x/a.m3u8\n',
    );
  });
});

describe('XMLTV', () => {
  const plus8 = () => 480;

  it('formats times as YYYYMMDDhhmmss ±hhmm', () => {
    expect(xmltvTime('2026-01-02 20:00:00', plus8)).toBe('20260102200000 +0800');
    expect(xmltvTime('2026-01-02 20:00:00', () => -330)).toBe('20260102200000 -0530');
  });

  it('writes channels before programmes and escapes text', () => {
    const xml = buildXmltv(
      [{ id: 'cctv1', name: '综合', nameEn: 'CCTV-1', number: 1, logo: '' }],
      [
        {
          channel: 'cctv1',
          start: '2026-01-02 19:00:00',
          stop: '2026-01-02 19:30:00',
          items: [
            { kind: 'title', value: '新闻联播' },
            { kind: 'title', value: 'News & <Weather>', lang: 'en' },
            { kind: 'desc', value: 'a "quote"' },
            { kind: 'category', value: 'news' },
          ],
        },
      ],
      plus8,
    );
    expect(xml).toContain('<!DOCTYPE tv SYSTEM "xmltv.dtd">');
    expect(xml.indexOf('<channel id="cctv1">')).toBeLessThan(xml.indexOf('<programme'));
    expect(xml).toContain(
      '<programme start="20260102190000 +0800" stop="20260102193000 +0800" channel="cctv1">',
    );
    expect(xml).toContain('<title>新闻联播</title>');
    expect(xml).toContain('<title lang="en">News &amp; &lt;Weather&gt;</title>');
    expect(xml).toContain('<desc>a &quot;quote&quot;</desc>');
    expect(xml.trim().endsWith('</tv>')).toBe(true);
  });

  it('drops characters XML cannot carry', () => {
    expect(xmlText('a\u0001b\u0008c')).toBe('abc');
  });
});
