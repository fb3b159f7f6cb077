import { z } from 'zod';
import { Paths } from '../paths.ts';
import {
  CredentialsOutput,
  FestivalExportInput,
  HomeOutput,
  OperationsHomeInput,
  OperationsHomeOutput,
  UrlOutput,
} from '../shell-api.ts';
import { defineCall } from './define.ts';

/** The dashboard (`system/home`), the operations home, and the home export of the operations top bar. */

export const homeCalls = {
  home: defineCall({ path: Paths.home, input: z.object({}).loose(), output: HomeOutput }),
  operations: defineCall({
    path: Paths.operationsHome,
    input: OperationsHomeInput,
    output: OperationsHomeOutput,
  }),
  /** The home data as a ZIP of CSV files (`festival/index` export, value all), behind a single-use URL. */
  export: defineCall({
    path: Paths.festival,
    method: 'export',
    input: FestivalExportInput.omit({ method: true }),
    output: UrlOutput,
  }),
  /** The operations session's mode and customer id. */
  operationsCredentials: defineCall({
    path: Paths.operationsCredentials,
    input: z.object({}).loose(),
    output: z.object({ detail: CredentialsOutput.shape.detail }),
  }),
  /** The operations home export: a ZIP of CSV files of the sites in igs-sids, behind a single-use URL. */
  operationsExport: defineCall({
    path: Paths.operationsExport,
    input: z.object({}).loose(),
    output: UrlOutput,
  }),
};
