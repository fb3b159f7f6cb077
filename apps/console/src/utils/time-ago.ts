export type TimeAgoUnit = 'minute' | 'hour' | 'day';

export interface TimeAgo {
  value: number;
  unit: TimeAgoUnit;
}

/**
 * Elapsed time in the unit of spec section 9: minutes under one hour, hours under one day,
 * then days. Input is seconds since the epoch (the server's style) or milliseconds.
 */
export function timeAgo(time: number, now: number = Date.now()): TimeAgo {
  const ms = time < 1e12 ? time * 1000 : time;
  const seconds = Math.max(0, (now - ms) / 1000);
  if (seconds < 3600) return { value: Math.floor(seconds / 60), unit: 'minute' };
  if (seconds < 86400) return { value: Math.floor(seconds / 3600), unit: 'hour' };
  return { value: Math.floor(seconds / 86400), unit: 'day' };
}

const KEYS: Record<TimeAgoUnit, string> = {
  minute: 'time.minutesAgo',
  hour: 'time.hoursAgo',
  day: 'time.daysAgo',
};

/** "5 minutes ago" in the current language; `translate` is the i18n `t`. */
export function formatTimeAgo(
  time: number,
  translate: (key: string, options: { count: number }) => string,
  now: number = Date.now(),
): string {
  const { value, unit } = timeAgo(time, now);
  return translate(KEYS[unit], { count: value });
}
