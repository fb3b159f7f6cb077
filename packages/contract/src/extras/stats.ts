/** Reply of `smart/terminal_stat` `stats` (DOMAIN 2.8 smart/TerminalStatistics). */
export interface StatusCounts {
  total: number;
  online: number;
  offline: number;
  pending: number;
}

export interface TerminalStats {
  range: { from: string; to: string };
  /** Online means a heartbeat within this many seconds (DOMAIN: 90 s). */
  online_window_s: number;
  summary: StatusCounts & { authorized: number; rejected: number; disabled: number };
  by_area: (StatusCounts & { key: string })[];
  by_model: (StatusCounts & { key: string })[];
  by_app_version: (StatusCounts & { key: string })[];
  /** One row per day of the range, zeros included. */
  daily: { date: string; plays: number; hours: number; active_terminals: number }[];
  by_content_type: { key: string; plays: number; hours: number }[];
  top_channels: { name: string; plays: number; hours: number }[];
  top_films: { name: string; plays: number; hours: number }[];
  totals: { plays: number; hours: number };
}

/** The longest range the statistics accept, in days. */
export const STATS_MAX_DAYS = 366;
