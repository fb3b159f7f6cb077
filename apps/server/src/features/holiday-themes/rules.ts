import { Code, say } from '@igs/contract';
import { type Registration, writeRule } from '../../platform/feature.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { valuesAfterWrite } from '../../platform/resources/after-write-values.ts';

/**
 * DOMAIN 2.9 system/HolidayTheme: a theme ends on or after the day it starts (a one-day theme
 * starts and ends the same day). Checked on add, edit (either date alone) and import.
 */
const indexRule = writeRule('festival:index', async ({ conn, lang, def, values, selfId }) => {
  const after = await valuesAfterWrite(conn, def, values, selfId);
  const start = after.start_date == null ? '' : String(after.start_date);
  const end = after.end_date == null ? '' : String(after.end_date);
  // `date` values are `YYYY-MM-DD`, so text order is date order.
  if (start && end && end < start) {
    const msg = say(lang, 'themes.endsCannotBeforeStarts', { end, start });
    throw new ApiError(Code.invalid, msg, { errors: [{ field: 'end_date', msg }] });
  }
});

/** What this module registers on the generic resource calls (listed by its feature). */
export const holidayThemeRules: readonly Registration[] = [indexRule];
