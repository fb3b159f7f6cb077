const SUFFIXES = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/** 10000 -> "10k", 1234567 -> "1.2M" (spec section 9: k, M, G, T, P, E). */
export function abbreviateNumber(num: number, digits = 1): string {
  const sign = num < 0 ? '-' : '';
  const abs = Math.abs(num);
  for (const { value, symbol } of SUFFIXES) {
    if (abs >= value) {
      const scaled = (abs / value).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');
      return `${sign}${scaled}${symbol}`;
    }
  }
  return String(num);
}

/** 1234567 -> "1,234,567". */
export function thousands(num: number): string {
  return num.toLocaleString('en-US');
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const;

/** 1536 -> "1.5 KB" (binary multiples, as disks and memory are reported). */
export function formatBytes(bytes: number, digits = 1): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exp = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), BYTE_UNITS.length - 1);
  const scaled = bytes / 1024 ** exp;
  return `${exp === 0 ? scaled : scaled.toFixed(digits).replace(/\.0+$/, '')} ${BYTE_UNITS[exp]}`;
}
