import { describe, expect, it } from 'vitest';
import { isRecordingName, isSafeFileStem } from '../../src/features/voice/recordings.ts';
import { contactAddress, extensionStates, parseContactTable } from '../../src/features/voice/reg-state.ts';
import { CONTACTS_20, NO_CONTACTS, NO_PJSIP } from './voice-contacts-fixture.ts';

describe('pjsip show contacts', () => {
  it('reads every contact line of Asterisk 18/20 with its status and RTT', () => {
    const rows = parseContactTable(CONTACTS_20)!;
    expect(rows.map((r) => [r.aor, r.status, r.rtt_ms])).toEqual([
      ['8001', 'Avail', 12.345],
      ['8002', 'Unavail', 0],
      ['8002', 'Avail', 3.2],
      ['8003', 'Unavail', 0],
      ['8004', 'NonQual', null],
      ['8005', 'Avail', 8],
      ['8006', 'Avail', 1.5],
      ['8007', 'Created', 0],
      ['8008', 'Removed', 0],
      ['trunk-telecom', 'Avail', 21],
    ]);
    expect(rows[0]).toMatchObject({ uri: 'sip:8001@192.168.1.50:5060;ob', hash: 'be7eb1ea38' });
  });

  it('gives the address of a URI, but none where Asterisk cut the URI inside it', () => {
    const rows = parseContactTable(CONTACTS_20)!;
    expect(rows.map((r) => r.address)).toEqual([
      '192.168.1.50:5060',
      '192.168.1.51:5060',
      '192.168.1.52:5062',
      '192.168.1.53:5060',
      '192.168.1.54:5060',
      null,
      '10.0.0.7:5062',
      '192.168.1.57:5060',
      '192.168.1.58:5060',
      'sip.example.net:5060',
    ]);
    // Short enough not to be cut: the address runs to the end and is whole.
    expect(contactAddress('8001', 'sip:8001@192.168.1.50')).toBe('192.168.1.50');
    expect(contactAddress('8001', 'sip:8001@[2001:db8::1]:5060')).toBe('[2001:db8::1]:5060');
    expect(contactAddress('8001', 'tel:+123')).toBeNull();
  });

  it('no contacts is an empty table; an answer that is not the table is unknown (null)', () => {
    expect(parseContactTable(NO_CONTACTS)).toEqual([]);
    expect(parseContactTable(NO_PJSIP)).toBeNull();
    expect(parseContactTable('')).toBeNull();
    // The lines without the table's header are not trusted either.
    expect(parseContactTable(CONTACTS_20.split('\n').slice(4).join('\n'))).toBeNull();
  });

  it('states: online with any contact not Unavail, unreachable when all are, offline without', () => {
    const states = extensionStates(parseContactTable(CONTACTS_20)!, [
      '8001',
      '8002',
      '8003',
      '8004',
      '8005',
      '8007',
      '8008',
      '8009',
    ]);
    expect(Object.fromEntries(states)).toEqual({
      '8001': { reg_state: 'online', contact: '192.168.1.50:5060' },
      // one contact unavailable, one available: online at the available one
      '8002': { reg_state: 'online', contact: '192.168.1.52:5062' },
      '8003': { reg_state: 'unreachable', contact: '192.168.1.53:5060' },
      // registered without qualify, and just registered: online
      '8004': { reg_state: 'online', contact: '192.168.1.54:5060' },
      '8005': { reg_state: 'online', contact: null },
      '8007': { reg_state: 'online', contact: '192.168.1.57:5060' },
      // a contact being removed is no registration
      '8008': { reg_state: 'offline', contact: null },
      '8009': { reg_state: 'offline', contact: null },
    });
  });
});

describe('recording names', () => {
  it('takes Asterisk unique ids (with a system name too) and refuses anything path-like', () => {
    for (const ok of ['1714525200.1', 'gw1-1714525200.12', 'a_b-c.d'])
      expect(isSafeFileStem(ok), ok).toBe(true);
    for (const bad of [
      '',
      '..',
      '../etc/passwd',
      '.hidden',
      'a/b',
      'a\\b',
      'a..b',
      'a.',
      '-x',
      'a b',
      'x\0y',
      'é',
    ])
      expect(isSafeFileStem(bad), bad).toBe(false);
    expect(isSafeFileStem('1'.repeat(65))).toBe(false);
    expect(isRecordingName('1714525200.1.wav')).toBe(true);
    for (const bad of [
      '1714525200.1',
      '1714525200.1.mp3',
      '../1.wav',
      '/var/spool/asterisk/monitor/1.wav',
      '.wav',
    ])
      expect(isRecordingName(bad), bad).toBe(false);
  });
});
