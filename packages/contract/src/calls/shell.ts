import { z } from 'zod';
import { Paths } from '../paths.ts';
import {
  ChangeModeInput,
  ChangeModeOutput,
  CredentialsOutput,
  DeveloperModeDetailInput,
  DeveloperModeFormInput,
  DeveloperModeOutput,
  SettingsOutput,
} from '../shell-api.ts';
import { defineCall } from './define.ts';

/** The console's shell (`system/developer_mode`): developer mode of the signed-in account. */

export const developerModeCalls = {
  detail: defineCall({
    path: Paths.developerMode,
    method: 'detail',
    input: DeveloperModeDetailInput.omit({ method: true }),
    output: DeveloperModeOutput,
  }),
  /** The reply carries the new key, once, when switching on. */
  form: defineCall({
    path: Paths.developerMode,
    method: 'form',
    input: DeveloperModeFormInput.omit({ method: true }),
    output: DeveloperModeOutput,
  }),
};

/** `resources/index` changeMode: the session's full (0) or operations (1) mode. */
export const changeModeCall = {
  changeMode: defineCall({
    path: Paths.changeMode,
    method: 'changeMode',
    input: ChangeModeInput.omit({ method: true }),
    output: ChangeModeOutput,
  }),
};

/** What the console reads after sign-in: the branding and the session's mode and languages. */
export const sessionInfoCalls = {
  settings: defineCall({ path: Paths.settings, input: z.object({}).loose(), output: SettingsOutput }),
  credentials: defineCall({
    path: Paths.credentials,
    input: z.object({}).loose(),
    output: CredentialsOutput,
  }),
};
