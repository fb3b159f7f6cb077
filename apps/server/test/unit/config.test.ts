import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';

describe('configuration', () => {
  it('TRUST_PROXY names the proxies and never trusts every sender of X-Forwarded-For', () => {
    expect(loadConfig({}, []).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }, []).trustProxy).toBe(false);
    // A count cannot tell the proxy from a client writing the header (and Fastify 5 ignores one).
    for (const count of ['1', '2'])
      expect(() => loadConfig({ TRUST_PROXY: count }, [])).toThrow(/addresses or CIDRs.*not a count/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }, []).trustProxy).toBe(
      '10.0.0.1, 192.168.0.0/16',
    );
    for (const all of ['true', 'all', '*'])
      expect(() => loadConfig({ TRUST_PROXY: all }, [])).toThrow(/must name the proxies by address/);
  });

  it('restore limits come from RESTORE_MAX_ENTRIES and RESTORE_MAX_RATIO', () => {
    expect(loadConfig({}, []).restoreLimits).toEqual({});
    expect(loadConfig({ RESTORE_MAX_ENTRIES: '500', RESTORE_MAX_RATIO: '20' }, []).restoreLimits).toEqual({
      maxEntries: 500,
      ratio: 20,
    });
    expect(() => loadConfig({ RESTORE_MAX_RATIO: 'lots' }, [])).toThrow(/RESTORE_MAX_RATIO/);
  });

  it('SCHEDULER_HEARTBEAT_S: whole seconds from 1 to 600, 20 when unset; anything else stops the start', () => {
    expect(loadConfig({}, []).schedulerHeartbeatS).toBe(20);
    expect(loadConfig({ SCHEDULER_HEARTBEAT_S: '5' }, []).schedulerHeartbeatS).toBe(5);
    for (const bad of ['0', '-3', '0.5', '601', 'often'])
      expect(() => loadConfig({ SCHEDULER_HEARTBEAT_S: bad }, [])).toThrow(/SCHEDULER_HEARTBEAT_S/);
  });
});
