import { describe, expect, it } from 'vitest';
import { readHomepageItems } from '../../src/features/advert-rules/rules.ts';
import { inputArgs, readProbe } from '../../src/features/media-extras/ffprobe.ts';
import { M3uError, readM3u } from '../../src/features/media-extras/m3u-read.ts';
import { buildXmltv } from '../../src/features/media-extras/playlists.ts';
import { ffconcatList, ffmpegArgs } from '../../src/features/media-extras/rotation-runner.ts';
import { fromXmltvTime, parseXml, readXmltv, XmlError } from '../../src/features/media-extras/xmltv-read.ts';
import { formatDateTime } from '../../src/platform/lib/time.ts';

describe('M3U reading (Jellyfin M3uParser rules)', () => {
  it('reads the attributes, the name after the last comma, VLC options, and skips other schemes', () => {
    const list = readM3u(
      [
        '\uFEFF#EXTM3U url-tvg="http://h/epg.xml"',
        '#EXTINF:-1 tvg-id="CCTV1.cn" tvg-name="CCTV-1" tvg-logo="http://h/1.png" tvg-chno="1" group-title="央视",CCTV-1 综合, HD',
        'http://h/1.m3u8',
        '#EXTINF:-1 channel-id=HN channel-number=5 group-title="a,b",湖南卫视',
        '#EXTVLCOPT:http-referrer=http://ref/?a=b',
        '#EXTVLCOPT:http-user-agent=Box/1.0',
        'udp://239.1.1.5:5000',
        '#EXTINF:-1,Secret',
        'file:///etc/passwd',
        '#EXTINF:-1 tvg-chno="x",No number',
        'rtsp://10.0.0.1/s',
        '',
      ].join('\r\n'),
    );
    expect(list.guideUrl).toBe('http://h/epg.xml');
    expect(list.skipped).toBe(1);
    expect(list.entries).toEqual([
      {
        name: 'HD',
        tvgId: 'CCTV1.cn',
        tvgName: 'CCTV-1',
        tvgLogo: 'http://h/1.png',
        groupTitle: '央视',
        tvgChno: 1,
        tvgCountry: '',
        tvgLanguage: '',
        url: 'http://h/1.m3u8',
        opts: {},
      },
      {
        name: '湖南卫视',
        tvgId: 'HN',
        tvgName: '',
        tvgLogo: '',
        groupTitle: 'a,b',
        tvgChno: 5,
        tvgCountry: '',
        tvgLanguage: '',
        url: 'udp://239.1.1.5:5000',
        opts: { referrer: 'http://ref/?a=b', user_agent: 'Box/1.0' },
      },
      {
        name: 'No number',
        tvgId: '',
        tvgName: '',
        tvgLogo: '',
        groupTitle: '',
        tvgChno: null,
        tvgCountry: '',
        tvgLanguage: '',
        url: 'rtsp://10.0.0.1/s',
        opts: {},
      },
    ]);
    expect(() => readM3u('<html>')).toThrow(M3uError);
  });
});

describe('XMLTV reading', () => {
  it('reads what the export writes (a round trip)', () => {
    const offset = () => 480;
    const items = [
      { kind: 'title', value: '新闻 & <联播>', lang: 'zh' },
      { kind: 'title', value: 'News', lang: 'en' },
      { kind: 'sub-title', value: 's' },
      { kind: 'desc', value: 'd "q"' },
      { kind: 'actor', value: 'A. Actor', role: 'Host' },
      { kind: 'category', value: 'news' },
      { kind: 'episode-num', value: '0.1.0/1', system: 'xmltv_ns' },
    ] as const;
    const xml = buildXmltv(
      [{ id: 'c1', name: '一台', nameEn: 'One', number: 1, logo: '' }],
      [{ channel: 'c1', start: '2026-03-01 19:00:00', stop: '2026-03-01 19:30:00', items: [...items] }],
      offset,
    );
    const read = readXmltv(xml);
    expect(read.channels).toEqual([{ id: 'c1', names: ['一台', 'One', '1'] }]);
    expect(read.programmes).toEqual([
      {
        line: 9,
        channel: 'c1',
        start: formatDateTime(Date.UTC(2026, 2, 1, 11, 0, 0)),
        stop: formatDateTime(Date.UTC(2026, 2, 1, 11, 30, 0)),
        clump: '',
        title: '新闻 & <联播>',
        titleEn: 'News',
        subTitle: 's',
        desc: 'd "q"',
        category: 'news',
        episode: '0.1.0/1',
        details: items,
      },
    ]);
  });

  it('times: offsets, zone names, no zone (UTC, as the DTD says), short forms; nonsense is null', () => {
    const utc = (...a: [number, number, number, number?, number?]) => formatDateTime(Date.UTC(...a));
    expect(fromXmltvTime('20260301190000 +0000')).toBe(utc(2026, 2, 1, 19));
    expect(fromXmltvTime('20260301190000 -0130')).toBe(utc(2026, 2, 1, 20, 30));
    expect(fromXmltvTime('20260301190000 +01:00')).toBe(utc(2026, 2, 1, 18));
    expect(fromXmltvTime('202606011900 BST')).toBe(utc(2026, 5, 1, 18));
    expect(fromXmltvTime('20260601190000 EDT')).toBe(utc(2026, 5, 1, 23));
    expect(fromXmltvTime('20260101190000 CET')).toBe(utc(2026, 0, 1, 18));
    expect(fromXmltvTime('20260101190000 utc')).toBe(utc(2026, 0, 1, 19));
    expect(fromXmltvTime('202603011900')).toBe(utc(2026, 2, 1, 19));
    expect(fromXmltvTime('20260301')).toBe(utc(2026, 2, 1));
    expect(fromXmltvTime('20260301190000 XYZ')).toBeNull();
    expect(fromXmltvTime('202603')).toBeNull();
    expect(fromXmltvTime('20261301190000')).toBeNull();
    expect(fromXmltvTime('tomorrow')).toBeNull();
  });

  it('CDATA, comments, numeric entities; programmes without a start are problems, not read', () => {
    const r = readXmltv(
      `<?xml version="1.0"?><!-- c --><tv><programme start="20260301000000" stop="20260301010000" channel="a"><title><![CDATA[A < B]]> &#x4E2D;&#25991;</title></programme><programme channel="a"><title>x</title></programme></tv>`,
    );
    expect(r.programmes.map((p) => p.title)).toEqual(['A < B 中文']);
    expect(r.problems).toEqual([{ line: 1, channel: 'a', title: 'x', reason: 'badStart', value: '' }]);
  });

  it('refuses what is not well-formed XMLTV, and never expands defined entities', () => {
    for (const bad of [
      '<tv><programme></tv>',
      '<tv>',
      '<html></html>',
      '<tv a=1></tv>',
      '<tv>&foo;</tv>',
      '<!DOCTYPE tv [<!ENTITY a "aaaa">]><tv>&a;</tv>',
      '<tv></tv><tv></tv>',
      'just text',
    ])
      expect(() => readXmltv(bad), bad).toThrow(XmlError);
    expect(parseXml('<a x="1">\n<b/>t</a>')).toEqual({
      name: 'a',
      line: 1,
      attrs: { x: '1' },
      children: [{ name: 'b', line: 2, attrs: {}, children: [], text: '' }],
      text: '\nt',
    });
  });
});

describe('ffprobe and ffmpeg arguments', () => {
  it('reads ffprobe JSON into the probe facts', () => {
    const r = readProbe(
      JSON.stringify({
        streams: [
          { codec_type: 'audio', codec_name: 'aac' },
          { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080 },
        ],
        format: { bit_rate: '8000000', duration: '61.4' },
      }),
      Date.UTC(2026, 0, 1),
    );
    expect(r).toMatchObject({
      ok: true,
      codec: 'h264',
      resolution: '1920x1080',
      bitrate: 8_000_000,
      duration_s: 61,
    });
    expect(readProbe('{"streams":[]}', 0)).toMatchObject({ ok: false, error: 'no audio or video stream' });
    expect(readProbe('garbage', 0).ok).toBe(false);
  });

  it('joins multicast groups, reads RTSP over TCP, limits reads', () => {
    expect(inputArgs('udp://239.1.1.1:5000', 5)).toEqual([
      '-timeout',
      '5000000',
      '-i',
      'udp://@239.1.1.1:5000',
    ]);
    expect(inputArgs('rtsp://h/s', 5)).toEqual([
      '-rtsp_transport',
      'tcp',
      '-timeout',
      '5000000',
      '-i',
      'rtsp://h/s',
    ]);
    expect(inputArgs('http://h/a.m3u8', 5)).toEqual(['-rw_timeout', '5000000', '-i', 'http://h/a.m3u8']);
  });

  it('rotation: an ffconcat list and copy to HLS or multicast', () => {
    expect(ffconcatList(['/d/a.mp4', "/d/it's.mp4"])).toBe(
      "ffconcat version 1.0\nfile '/d/a.mp4'\nfile '/d/it'\\''s.mp4'\n",
    );
    const plan = {
      id: 1,
      files: [],
      loop: true,
      output: 'udp_multicast' as const,
      multicastAddr: 'udp://239.1.1.1:5000',
    };
    const args = ffmpegArgs(plan, '/l', '/o');
    expect(args.slice(-3)).toEqual(['-f', 'mpegts', 'udp://239.1.1.1:5000?pkt_size=1316']);
    expect(args).toContain('-stream_loop');
    expect(ffmpegArgs({ ...plan, output: 'hls', loop: false }, '/l', '/o').at(-1)).toBe('/o/index.m3u8');
  });
});

describe('homepage ad items', () => {
  it('fills defaults and refuses bad shapes', () => {
    expect(readHomepageItems('[{"material_id":3}]', 'en')).toEqual([
      { material_id: 3, duration_s: 5, link_type: 'none', link_target: '' },
    ]);
    expect(readHomepageItems([{ material_id: 3, duration_s: 0 }], 'en')).toMatch(/duration_s/);
    expect(readHomepageItems([[1]], 'zh_CN')).toBe('广告项：第1项格式不正确');
  });
});
