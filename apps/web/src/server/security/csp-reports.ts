/** One Content-Security-Policy violation, as the log line names it. */
export interface CspViolation {
  documentUrl: string;
  directive: string;
  blockedUrl: string;
  sourceFile?: string;
  line?: number;
}

const text = (value: unknown, max = 512): string | undefined =>
  typeof value === 'string' && value ? value.slice(0, max) : undefined;

function violation(body: Record<string, unknown>): CspViolation | null {
  // report-uri's `csp-report` uses dashed names; the Reporting API's body uses camelCase.
  const documentUrl = text(body['document-uri']) ?? text(body.documentURL);
  const directive =
    text(body['effective-directive'], 64) ??
    text(body.effectiveDirective, 64) ??
    text(body['violated-directive'], 64);
  if (!documentUrl || !directive) return null;
  const found: CspViolation = {
    documentUrl,
    directive,
    blockedUrl: text(body['blocked-uri']) ?? text(body.blockedURL) ?? '',
  };
  const sourceFile = text(body['source-file']) ?? text(body.sourceFile);
  if (sourceFile) found.sourceFile = sourceFile;
  const line = body['line-number'] ?? body.lineNumber;
  if (typeof line === 'number' && Number.isInteger(line)) found.line = line;
  return found;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The violations in a report body: `{"csp-report": {…}}` (report-uri, `application/csp-report`) or a
 * Reporting API list `[{type: "csp-violation", body: {…}}]` (report-to, `application/reports+json`).
 * Null when the body is neither.
 */
export function parseCspReports(value: unknown): CspViolation[] | null {
  if (isRecord(value) && isRecord(value['csp-report'])) {
    const one = violation(value['csp-report']);
    return one ? [one] : null;
  }
  if (Array.isArray(value)) {
    const found: CspViolation[] = [];
    for (const report of value.slice(0, 100)) {
      if (!isRecord(report) || report.type !== 'csp-violation' || !isRecord(report.body)) continue;
      const one = violation(report.body);
      if (one) found.push(one);
    }
    return found.length > 0 ? found : null;
  }
  return null;
}

/**
 * Logs violations, at most `perMinute` lines a minute per process (anyone can post reports; the log must
 * not be floodable); the rest are counted and the count is logged with the next line let through.
 */
export function createViolationLog(options: {
  perMinute: number;
  now?: () => number;
  write?: (line: string, detail: unknown) => void;
}) {
  const now = options.now ?? (() => Date.now());
  const write = options.write ?? ((line, detail) => console.warn(line, detail));
  let windowStart = Number.NEGATIVE_INFINITY;
  let written = 0;
  let dropped = 0;
  return (found: CspViolation): boolean => {
    const at = now();
    if (at - windowStart >= 60_000) {
      windowStart = at;
      written = 0;
    }
    if (written >= options.perMinute) {
      dropped += 1;
      return false;
    }
    written += 1;
    write('Content-Security-Policy violation', dropped > 0 ? { ...found, notLogged: dropped } : found);
    dropped = 0;
    return true;
  };
}
