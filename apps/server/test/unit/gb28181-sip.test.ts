import { describe, expect, it, vi } from 'vitest';
import { upwardFailure } from '../../src/features/video/gb28181/cascade.ts';
import {
  checkDigest,
  digestResponse,
  NONCE_LIFE_MS,
  NonceSigner,
  parseAuthorization,
} from '../../src/features/video/gb28181/digest.ts';
import { DeviceRefused, NoReply, Unreachable } from '../../src/features/video/gb28181/errors.ts';
import { buildBody, catalogPart, parseBody } from '../../src/features/video/gb28181/manscdp.ts';
import {
  framedLength,
  header,
  MAX_MESSAGE,
  parseMessage,
  responseTo,
  SipParseError,
  serialize,
  uriUser,
} from '../../src/features/video/gb28181/message.ts';
import { ptzCmd } from '../../src/features/video/gb28181/ptz.ts';
import { ClientTransactions, TransactionTimeout } from '../../src/features/video/gb28181/transaction.ts';
import { RateLimit } from '../../src/features/video/gb28181/transport.ts';

const REGISTER = [
  'REGISTER sip:34020000002000000001@3402000000 SIP/2.0',
  'v: SIP/2.0/UDP 192.0.2.9:5060;rport;branch=z9hG4bK1',
  'f: <sip:34020000001320000001@3402000000>;tag=a1',
  't: <sip:34020000001320000001@3402000000>',
  'i: c1@192.0.2.9',
  'CSeq: 1 REGISTER',
  'Subject: a folded',
  '  value',
  'Expires: 3600',
  'l: 4',
  '',
  'bodyEXTRA',
].join('\r\n');

describe('SIP message parser', () => {
  it('reads a request with compact headers, folding and Content-Length', () => {
    const m = parseMessage(Buffer.from(REGISTER));
    expect(m.method).toBe('REGISTER');
    expect(header(m, 'call-id')).toBe('c1@192.0.2.9');
    expect(header(m, 'subject')).toBe('a folded value');
    expect(uriUser(header(m, 'from'))).toBe('34020000001320000001');
    expect(m.body.toString()).toBe('body');
  });

  it('serializes a response that parses back, Content-Length from the body', () => {
    const req = parseMessage(Buffer.from(REGISTER));
    const res = responseTo(req, 200, 'OK', [['expires', '3600']], 'tt');
    const back = parseMessage(serialize(res));
    expect(back.status).toBe(200);
    expect(header(back, 'to')).toMatch(/;tag=tt$/);
    expect(header(back, 'content-length')).toBe('0');
  });

  it('never lets a header value start a new header line', () => {
    const req = parseMessage(Buffer.from(REGISTER));
    const res = responseTo(req, 200, 'OK', [['expires', '1\r\nX-Evil: 1']]);
    expect(serialize(res).toString()).not.toMatch(/\r\nX-Evil/);
  });

  it.each([
    ['no blank line', 'REGISTER sip:a@b SIP/2.0\r\nCSeq: 1 REGISTER'],
    ['a bad start line', 'HELLO\r\n\r\n'],
    ['missing Call-ID', REGISTER.replace('i: c1@192.0.2.9\r\n', '')],
    ['a bad CSeq', REGISTER.replace('CSeq: 1 REGISTER', 'CSeq: x')],
    ['a header without colon', REGISTER.replace('Expires: 3600', 'Expires 3600')],
    ['a body shorter than Content-Length', REGISTER.replace('l: 4', 'l: 400')],
    ['a non-numeric Content-Length', REGISTER.replace('l: 4', 'l: -1')],
    ['binary garbage', '\u0000\u0001\u0002\r\n\r\n'],
  ])('refuses %s', (_, text) => {
    expect(() => parseMessage(Buffer.from(text))).toThrow(SipParseError);
  });

  it('refuses oversized messages and too many headers', () => {
    expect(() => parseMessage(Buffer.alloc(MAX_MESSAGE + 1, 0x41))).toThrow(SipParseError);
    const many = REGISTER.replace(
      'Expires: 3600',
      Array.from({ length: 200 }, (_, i) => `X-H${i}: 1`).join('\r\n'),
    );
    expect(() => parseMessage(Buffer.from(many))).toThrow(SipParseError);
  });

  it('frames messages on a stream by Content-Length', () => {
    const one = Buffer.from(REGISTER.replace('bodyEXTRA', 'body'));
    expect(framedLength(Buffer.concat([one, one]))).toBe(one.length);
    expect(framedLength(one.subarray(0, one.length - 1))).toBeNull();
    expect(() => framedLength(Buffer.from(REGISTER.replace('l: 4\r\n', '')))).toThrow(SipParseError);
  });
});

describe('digest authentication', () => {
  it('computes the RFC 2617 example response', () => {
    expect(
      digestResponse({
        username: 'Mufasa',
        realm: 'testrealm@host.com',
        password: 'Circle Of Life',
        method: 'GET',
        uri: '/dir/index.html',
        nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
        qop: 'auth',
        nc: '00000001',
        cnonce: '0a4f113b',
      }),
    ).toBe('6629fae49393a05397450978507c4ef1');
  });

  it('accepts a right answer, refuses a wrong one, and calls an expired or forged nonce stale', () => {
    let now = 1_000_000;
    const signer = new NonceSigner(() => now);
    const nonce = signer.make();
    const base = { username: '34020000001320000001', realm: '3402000000', uri: 'sip:3402000000', nonce };
    const answer = (password: string) =>
      `Digest username="${base.username}", realm="${base.realm}", nonce="${nonce}", uri="${base.uri}", response="${digestResponse({ ...base, password, method: 'REGISTER' })}", algorithm=MD5`;
    const opts = {
      method: 'REGISTER',
      realm: base.realm,
      password: '12345678',
      username: base.username,
      signer,
    };
    expect(checkDigest(parseAuthorization(answer('12345678')), opts)).toBe('ok');
    expect(checkDigest(parseAuthorization(answer('wrong')), opts)).toBe('wrong');
    expect(checkDigest(parseAuthorization(undefined), opts)).toBe('missing');
    expect(checkDigest(parseAuthorization(answer('12345678').replace(nonce, `${nonce}x`)), opts)).toBe(
      'stale',
    );
    now += NONCE_LIFE_MS + 1;
    expect(checkDigest(parseAuthorization(answer('12345678')), opts)).toBe('stale');
  });
});

describe('PTZCmd encoder', () => {
  // wvp-GB28181-pro's cmdString/getPtzCmd give these for the same commands and speeds.
  it.each([
    ['stop', 0, 'A50F0100000000B5'],
    ['left', 128, 'A50F010280808037'],
    ['right', 128, 'A50F010180808036'],
    ['up', 128, 'A50F01088080803D'],
    ['zoomin', 255, 'A50F0110FFFFF0B3'],
  ] as const)('%s at %d is %s', (command, speed, want) => {
    expect(ptzCmd(command, speed)).toBe(want);
  });
});

describe('MANSCDP bodies', () => {
  it('round-trips GB2312 and escapes values', () => {
    const body = buildBody('Control', 'DeviceControl', 7, '34020000001320000001', 'GB2312', [
      ['Name', '摄像机<1>'],
    ]);
    expect(body.toString('latin1')).toContain('encoding="GB2312"');
    const m = parseBody(body, 'UTF-8')!;
    expect(m).toMatchObject({ root: 'Control', cmdType: 'DeviceControl', sn: 7 });
    expect(m.fields.Name).toBe('摄像机<1>');
  });

  it('reads catalogue items, dropping those without a 20-digit id', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><Response><CmdType>Catalog</CmdType><SN>3</SN><DeviceID>34020000001320000001</DeviceID><SumNum>2</SumNum><DeviceList Num="2"><Item><DeviceID>34020000001310000001</DeviceID><Name>门口</Name><CivilCode>340200</CivilCode><ParentID>34020000001320000001</ParentID><Status>ON</Status><Longitude>120.5</Longitude><Latitude>30.25</Latitude><Info><PTZType>1</PTZType></Info></Item><Item><DeviceID>bad</DeviceID></Item></DeviceList></Response>`;
    const part = catalogPart(parseBody(Buffer.from(xml), 'GB2312')!);
    expect(part.sumNum).toBe(2);
    expect(part.items).toEqual([
      {
        channel_id: '34020000001310000001',
        name: '门口',
        civil_code: '340200',
        address: '',
        parent_id: '34020000001320000001',
        status: 'ON',
        ptz_type: 1,
        longitude: 120.5,
        latitude: 30.25,
      },
    ]);
  });

  it('is null for what is not MANSCDP', () => {
    expect(parseBody(Buffer.from('<html/>'), 'UTF-8')).toBeNull();
    expect(parseBody(Buffer.from('<<<'), 'UTF-8')).toBeNull();
  });
});

describe('per-source rate limit', () => {
  it('allows the burst, then the rate', () => {
    let now = 0;
    const limit = new RateLimit(() => now, 10, 5);
    const tries = () => Array.from({ length: 10 }, () => limit.allow('192.0.2.1')).filter(Boolean).length;
    expect(tries()).toBe(5);
    expect(limit.allow('192.0.2.2')).toBe(true);
    now += 300;
    expect(tries()).toBe(3);
  });
});

describe('client transactions (RFC 3261 timers)', () => {
  const req = { method: 'MESSAGE', uri: 'sip:a@b', headers: [] as [string, string][], body: Buffer.alloc(0) };

  it('retransmits on UDP at T1 doubling up to T2, and gives up at 64·T1', async () => {
    vi.useFakeTimers();
    try {
      const sent: number[] = [];
      const tx = new ClientTransactions(() => sent.push(Date.now()), 500);
      const start = Date.now();
      const p = tx.request({ transport: 'UDP', address: '192.0.2.1', port: 5060 }, req, 'z9hG4bK1');
      const failed = expect(p).rejects.toBeInstanceOf(TransactionTimeout);
      await vi.advanceTimersByTimeAsync(32_000);
      await failed;
      // 0, 0.5, 1.5, 3.5, 7.5, then every 4 s until 32 s: 11 sends, bounded.
      expect(sent.map((t) => t - start)).toEqual([
        0, 500, 1500, 3500, 7500, 11500, 15500, 19500, 23500, 27500, 31500,
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends once on TCP and resolves with the final response, ignoring provisional ones', async () => {
    const sent: unknown[] = [];
    const tx = new ClientTransactions((_, m) => sent.push(m), 50);
    const p = tx.request({ transport: 'TCP', address: '192.0.2.1', port: 5060 }, req, 'z9hG4bK2');
    expect(tx.response('z9hG4bK2', { status: 100, headers: [], body: Buffer.alloc(0) })).toBe(true);
    expect(tx.response('z9hG4bKother', { status: 200, headers: [], body: Buffer.alloc(0) })).toBe(false);
    tx.response('z9hG4bK2', { status: 200, headers: [], body: Buffer.alloc(0) });
    expect((await p).status).toBe(200);
    expect(sent).toHaveLength(1);
  });
});

describe('a parent platform registration failure', () => {
  it('reads as the reason the platform list shows', () => {
    expect(upwardFailure(new DeviceRefused(403))).toBe('refused');
    expect(upwardFailure(new DeviceRefused(403, true))).toBe('wrong_password');
    expect(upwardFailure(new DeviceRefused(401, true))).toBe('wrong_password');
    expect(upwardFailure(new DeviceRefused(404))).toBe('rejected');
    expect(upwardFailure(new DeviceRefused(500, true))).toBe('rejected');
    expect(upwardFailure(new TransactionTimeout('no answer'))).toBe('no_answer');
    expect(upwardFailure(new NoReply('no reply'))).toBe('no_answer');
    expect(upwardFailure(new Unreachable('ECONNREFUSED'))).toBe('unreachable');
  });
});

describe('client transactions to an unreachable peer', () => {
  it('fail at once with the error given, the others kept', async () => {
    const t = new ClientTransactions(() => {}, 10_000);
    const a = { transport: 'TCP' as const, address: '127.0.0.1', port: 1 };
    const b = { transport: 'TCP' as const, address: '127.0.0.1', port: 2 };
    const req = (branch: string) => ({
      method: 'MESSAGE',
      uri: 'sip:x@y',
      headers: [['via', `SIP/2.0/TCP h;branch=${branch}`]] as [string, string][],
      body: Buffer.alloc(0),
    });
    const ra = t.request(a, req('z9hG4bKa'), 'z9hG4bKa');
    const rb = t.request(b, req('z9hG4bKb'), 'z9hG4bKb');
    t.failPeer(a, new Unreachable('refused'));
    await expect(ra).rejects.toBeInstanceOf(Unreachable);
    t.closeAll();
    await expect(rb).rejects.toBeInstanceOf(TransactionTimeout);
  });
});
