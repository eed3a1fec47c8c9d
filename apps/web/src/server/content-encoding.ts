/** How a response body may go to a client, by its Accept-Encoding. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** Whether the client takes an encoding, by its Accept-Encoding (a `q=0` refuses one; `*` names the rest). */
function takesBy(acceptEncoding: string | string[] | undefined): (encoding: string) => boolean {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  return (encoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
}

/** Brotli when the client takes it, then gzip, else the plain bytes. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const takes = takesBy(acceptEncoding);
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return 'identity';
}

/** Whether the client takes gzip: for answers that are only ever gzipped. */
export const takesGzip = (acceptEncoding: string | string[] | undefined): boolean =>
  takesBy(acceptEncoding)('gzip');

/** A Vary value that also names `header` (kept as it was when it names it already). */
export function varyAlso(vary: string | number | readonly string[] | undefined, header: string): string {
  const names = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === header.toLowerCase()))
    return names.join(', ');
  return [...names, header].join(', ');
}
