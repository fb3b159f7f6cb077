import { z } from 'zod';
import { Paths } from '../paths.ts';
import {
  AccountOutput,
  ChangeModeInput,
  ChangeModeOutput,
  ChangePasswordInput,
  CopyrightOutput,
  CredentialsOutput,
  DeveloperModeDetailInput,
  DeveloperModeFormInput,
  DeveloperModeOutput,
  HintOutput,
  OtherInfoOutput,
  PersonalDetail,
  PersonalDetailInput,
  PersonalFormInput,
  SettingsOutput,
  SignOutEverywhereInput,
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

/** Branding, footer and badge counts of the shell and the sign-in page. */
export const shellCalls = {
  /** Public: the login page reads it before sign-in. */
  copyright: defineCall({ path: Paths.copyright, input: z.object({}).loose(), output: CopyrightOutput }),
  /** Public: the footer. */
  otherInfo: defineCall({ path: Paths.otherInfo, input: z.object({}).loose(), output: OtherInfoOutput }),
  account: defineCall({ path: Paths.account, input: z.object({}).loose(), output: AccountOutput }),
  /** Polled every 30 s. */
  hint: defineCall({ path: Paths.hint, input: z.object({}).loose(), output: HintOutput }),
  /** An HTTP GET: the console sends it with `get`, not `call`. */
  clearCache: defineCall({ path: Paths.clearCache, input: z.object({}).loose(), output: z.null() }),
};

/** The personal data dialog and password change of the signed-in account (`index/personal`). */
export const personalCalls = {
  detail: defineCall({
    path: Paths.personal,
    method: 'detail',
    input: PersonalDetailInput.omit({ method: true }),
    output: PersonalDetail,
  }),
  /** Multipart: the fields and, when a new one was picked, the `photo` part (JPG or PNG, 10 MB). */
  form: defineCall({
    path: Paths.personal,
    method: 'form',
    input: PersonalFormInput.omit({ method: true }),
    /** The account's photo URL after the change (the old one when none was sent). */
    output: z.object({ photo: z.string() }),
  }),
  /** The original password arrives hashed, the new one as typed (checked against the strength rule). */
  change_password: defineCall({
    path: Paths.personal,
    method: 'change_password',
    input: ChangePasswordInput.omit({ method: true }),
    output: z.null(),
  }),
  sign_out_everywhere: defineCall({
    path: Paths.personal,
    method: 'sign_out_everywhere',
    input: SignOutEverywhereInput.omit({ method: true }),
    output: z.object({ ended: z.number() }),
  }),
};
