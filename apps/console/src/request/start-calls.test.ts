import { authCalls, changeModeCall, sessionInfoCalls, shellCalls } from '@igs/contract/calls';
import { describe, expect, it } from 'vitest';
import { startCalls } from './start-calls.ts';

describe('the calls of the sign-in path, without their schemas', () => {
  it('send exactly the path and method of the contract call they stand for', () => {
    const contract = {
      login: authCalls.login,
      logout: authCalls.logout,
      handoffExchange: authCalls.handoffExchange,
      settings: sessionInfoCalls.settings,
      credentials: sessionInfoCalls.credentials,
      changeMode: changeModeCall.changeMode,
      copyright: shellCalls.copyright,
    };
    expect(Object.keys(startCalls).sort()).toEqual(Object.keys(contract).sort());
    for (const [name, light] of Object.entries(startCalls)) {
      const real = contract[name as keyof typeof contract];
      expect([name, light.path, light.method]).toEqual([name, real.path, real.method]);
    }
  });
});
