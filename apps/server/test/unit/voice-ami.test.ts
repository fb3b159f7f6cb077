import { describe, expect, it } from 'vitest';
import { formatAmiAction, parseAmiMessage } from '../../src/features/voice/ami.ts';
import { cdrDirection } from '../../src/features/voice/cdr-import.ts';
import { callFileText } from '../../src/features/voice/spool.ts';

describe('AMI messages', () => {
  it('writes an action as header lines ending with a blank line, leaving out unset values', () => {
    expect(
      formatAmiAction({ Action: 'Hangup', Channel: 'PJSIP/8001-1', Cause: undefined, ActionID: 'a1' }),
    ).toBe('Action: Hangup\r\nChannel: PJSIP/8001-1\r\nActionID: a1\r\n\r\n');
  });

  it('refuses a value that would start another header (an injected action)', () => {
    expect(() => formatAmiAction({ Action: 'Hangup', Channel: 'PJSIP/1\r\nAction: Reload' })).toThrow(
      'AMI header Channel holds a line break',
    );
    expect(() => formatAmiAction({ Action: 'Hangup', Channel: 'PJSIP/1\nAction: Reload' })).toThrow();
  });

  it('reads a reply, keeping colons inside values and repeated keys in order', () => {
    expect(
      parseAmiMessage('Response: Success\nActionID: 7\nMessage: Originate: queued\nOutput: one\nOutput: two'),
    ).toEqual({ Response: 'Success', ActionID: '7', Message: 'Originate: queued', Output: 'one\ntwo' });
  });
});

describe('call files', () => {
  it('writes the keys Asterisk reads, and refuses a line break in a value', () => {
    expect(callFileText({ channel: 'Local/6201@igs-local', application: 'Playback', data: '/x/y' })).toBe(
      'Channel: Local/6201@igs-local\nApplication: Playback\nData: /x/y\nArchive: yes\n',
    );
    expect(() => callFileText({ channel: 'Local/1@x\nApplication: System', data: 'rm' })).toThrow(
      'call file Channel holds a line break',
    );
  });
});

describe('call direction from Master.csv', () => {
  it('inbound through from-trunk, outbound through a trunk endpoint, else internal', () => {
    expect(cdrDirection({ dcontext: 'from-trunk', channel: 'PJSIP/trunk-a-1' })).toBe('inbound');
    expect(cdrDirection({ channel: 'PJSIP/8001-1', lastdata: 'PJSIP/0139@trunk-a' })).toBe('outbound');
    expect(cdrDirection({ channel: 'PJSIP/8001-1', dstchannel: 'PJSIP/trunk-a-00000002' })).toBe('outbound');
    expect(cdrDirection({ channel: 'PJSIP/8001-1', dstchannel: 'PJSIP/8002-2' })).toBe('internal');
  });
});
