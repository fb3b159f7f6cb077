import { VOICE_ADVANCED_DEFAULTS, VOICE_BASIC_DEFAULTS } from '@igs/contract';
import { describe, expect, it } from 'vitest';
import { moveItem } from './move-item.ts';
import { checkSettings } from './settings-form-logic.ts';

const basic = { ...VOICE_BASIC_DEFAULTS, local_nets: ['192.168.1.0/24'] };

describe('voice settings form checks', () => {
  it('passes valid values through as the form body', () => {
    const r = checkSettings('basic', basic, { ...basic, sip_tcp: true, codecs: ['opus', 'alaw'] }, 'en');
    expect(r.errors).toEqual([]);
    expect(r.body).toMatchObject({ sip_tcp: 1, codecs: ['opus', 'alaw'] });
  });

  it('shows the server words next to the field, rules between fields included', () => {
    expect(checkSettings('basic', basic, { ...basic, rtp_start: 30000 }, 'en').errors).toEqual([
      { name: 'rtp_start', errors: ['RTP start port must be lower than the RTP end port'] },
    ]);
    expect(checkSettings('basic', basic, { ...basic, sip_udp_port: 15000 }, 'zh_CN').errors).toEqual([
      { name: 'sip_udp_port', errors: ['SIP UDP端口15000位于RTP端口范围10000–20000之内'] },
    ]);
    expect(checkSettings('basic', basic, { ...basic, codecs: ['ulaw', 'ulaw'] }, 'en').errors).toEqual([
      { name: 'codecs', errors: ['Codecs: ulaw is listed twice'] },
    ]);
    expect(checkSettings('basic', basic, { ...basic, sip_udp_port: null }, 'en').errors).toEqual([
      { name: 'sip_udp_port', errors: ['SIP UDP port must be between 1 and 65535'] },
    ]);
  });

  it('marks a feature code used twice on the later field, with the 409 words of the server', () => {
    const r = checkSettings(
      'advanced',
      VOICE_ADVANCED_DEFAULTS,
      { ...VOICE_ADVANCED_DEFAULTS, fc_cf_off: '*8' },
      'en',
    );
    expect(r.errors).toEqual([
      {
        name: 'fc_cf_off',
        errors: [
          'Feature code *8 is used more than once: Call pickup, Call forward off (all numbers share one numbering plan)',
        ],
      },
    ]);
    expect(
      checkSettings(
        'advanced',
        VOICE_ADVANCED_DEFAULTS,
        { ...VOICE_ADVANCED_DEFAULTS, fc_wakeup: '68' },
        'en',
      ).errors,
    ).toEqual([{ name: 'fc_wakeup', errors: ['Wake-up call must be * followed by 1 to 6 digits'] }]);
  });

  it('moves codecs up and down, leaving the ends alone', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
