import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

/** Spec section 9: the footer clock shows year-month-day hour:minute:second, every second. */
export const CLOCK_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const CLOCK_INTERVAL_MS = 1000;

export function formatClock(date: Date | number): string {
  return dayjs(date).format(CLOCK_FORMAT);
}

export function useClock(): string {
  const [now, setNow] = useState(() => formatClock(Date.now()));
  useEffect(() => {
    const timer = setInterval(() => setNow(formatClock(Date.now())), CLOCK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
