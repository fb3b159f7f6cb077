/** What the chart page (entry.tsx) offers bench/chart-draw.ts: each returns the time of one draw or load, ms. */
declare global {
  interface Window {
    chartBench: { svg(): number; loadEcharts(): Promise<number>; echarts(): number };
  }
}

export {};
