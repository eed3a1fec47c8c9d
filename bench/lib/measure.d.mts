// Types of measure.mjs, for the TypeScript that imports it (its tests).
export interface Summary {
  median: number;
  min: number;
  max: number;
  n: number;
}
export interface WrkResult {
  requests: number;
  rps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  kbPerResponse: number;
  errors: number;
  non2xx: number;
  hits: number;
  misses: number;
  missRate: number;
  passRate: number;
}
export function percentile(values: ArrayLike<number>, p: number): number;
export function summarize(values: readonly number[]): Summary;
export function formatSummary(summary: Summary, digits?: number): string;
export function machine(): { cpus: number; model: string; node: string; load: string; at: string };
export function zipfSequence<T>(addresses: readonly T[], count: number, s?: number, seed?: number): T[];
export function wrkScript(
  paths: readonly string[],
  headers: Record<string, string>,
  request?: { method?: string; body?: string; cookies?: readonly string[] },
): string;
export function parseWrkOutput(text: string): WrkResult;
