import { describe, expect, it } from 'vitest';
import {
  digestAuthorization,
  digestResponse,
  parseDigestChallenge,
} from '../../src/features/tr069-extras/digest.ts';

describe('HTTP digest authentication (RFC 2617)', () => {
  const challenge = parseDigestChallenge(
    'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
  )!;

  it('parses a challenge', () => {
    expect(challenge).toEqual({
      realm: 'testrealm@host.com',
      nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
      qop: 'auth,auth-int',
      opaque: '5ccc069c403ebaf9f0171e9517f40e41',
    });
    expect(parseDigestChallenge('Basic realm="x"')).toBeNull();
  });

  it('computes the response of the RFC 2617 section 3.5 example', () => {
    const input = {
      username: 'Mufasa',
      password: 'Circle Of Life',
      method: 'GET',
      uri: '/dir/index.html',
      challenge,
      cnonce: '0a4f113b',
      nc: '00000001',
    };
    expect(digestResponse({ ...input, qop: 'auth' })).toBe('6629fae49393a05397450978507c4ef1');
    const header = digestAuthorization(input);
    expect(header).toContain('response="6629fae49393a05397450978507c4ef1"');
    expect(header).toContain('qop=auth, nc=00000001, cnonce="0a4f113b"');
    expect(header).toContain('opaque="5ccc069c403ebaf9f0171e9517f40e41"');
  });
});
