import type { Art, ArtMotif } from './content.inputs';

/** One shape of an illustration, in the coordinates of its view box. */
export type Shape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; fill: string; rotate?: number }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string }
  | { kind: 'path'; d: string; fill: string; stroke: string; strokeWidth: number };

/** An illustration drawn from a record's art: a background and shapes over it. */
export interface Illustration {
  width: number;
  height: number;
  background: string;
  shapes: Shape[];
}

/** Colour sets the illustrations are drawn in: a background and three inks each. */
export const PALETTES: readonly (readonly [string, string, string, string])[] = [
  ['#f3e9dc', '#a3122a', '#1f2a44', '#d9a441'],
  ['#1f2a44', '#f3e9dc', '#e07a5f', '#81b29a'],
  ['#e8eef1', '#264653', '#2a9d8f', '#e9c46a'],
  ['#2b2118', '#f2cc8f', '#e07a5f', '#f4f1de'],
  ['#f6f0f5', '#6d2e46', '#a26769', '#d5b9b2'],
  ['#0f3d3e', '#f1e4c3', '#c6a15b', '#e26d5c'],
  ['#fbf3e4', '#3d405b', '#f2a65a', '#7a9e7e'],
  ['#141414', '#f2f2f2', '#c9a227', '#8c1c13'],
];

/** FNV-1a of the seed: the same seed always starts the same sequence. */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast, and deterministic across platforms. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

type Draw = (random: () => number, inks: readonly string[], w: number, h: number) => Shape[];

const MOTIFS: Record<ArtMotif, Draw> = {
  stripes: (random, inks, w, h) => {
    const count = 5 + Math.floor(random() * 6);
    const angle = round(-30 + random() * 60);
    const band = (w * 1.6) / count;
    return Array.from({ length: count }, (_, i) => ({
      kind: 'rect' as const,
      x: round(-w * 0.3 + i * band),
      y: round(-h * 0.5),
      width: round(band * (0.3 + random() * 0.5)),
      height: h * 2,
      fill: inks[i % inks.length]!,
      rotate: angle,
    }));
  },
  circles: (random, inks, w, h) =>
    Array.from({ length: 4 + Math.floor(random() * 5) }, (_, i) => ({
      kind: 'circle' as const,
      cx: round(random() * w),
      cy: round(random() * h),
      r: round(h * (0.12 + random() * 0.4)),
      fill: inks[i % inks.length]!,
    })),
  grid: (random, inks, w, h) => {
    const cols = 4 + Math.floor(random() * 5);
    const size = w / cols;
    const rows = Math.ceil(h / size);
    const shapes: Shape[] = [];
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++)
        if (random() < 0.55)
          shapes.push({
            kind: 'rect',
            x: round(c * size + size * 0.1),
            y: round(r * size + size * 0.1),
            width: round(size * 0.8),
            height: round(size * 0.8),
            fill: inks[Math.floor(random() * inks.length)]!,
          });
    return shapes;
  },
  waves: (random, inks, w, h) =>
    Array.from({ length: 4 + Math.floor(random() * 4) }, (_, i) => {
      const y = round(h * (0.15 + i * 0.14));
      const amp = round(h * (0.04 + random() * 0.1));
      const segs = 3 + Math.floor(random() * 3);
      const step = w / segs;
      let d = `M0 ${y}`;
      for (let s = 0; s < segs; s++)
        d += ` Q${round(s * step + step / 2)} ${round(y + (s % 2 ? amp : -amp))} ${round((s + 1) * step)} ${y}`;
      return {
        kind: 'path' as const,
        d,
        fill: 'none',
        stroke: inks[i % inks.length]!,
        strokeWidth: round(h * (0.02 + random() * 0.04)),
      };
    }),
  arcs: (random, inks, w, h) => {
    const cx = round(w * (0.2 + random() * 0.6));
    const cy = round(h * (0.6 + random() * 0.5));
    return Array.from({ length: 5 + Math.floor(random() * 4) }, (_, i) => {
      const r = round(h * (0.15 + i * 0.12));
      return {
        kind: 'path' as const,
        d: `M${round(cx - r)} ${cy} A${r} ${r} 0 0 1 ${round(cx + r)} ${cy}`,
        fill: 'none',
        stroke: inks[i % inks.length]!,
        strokeWidth: round(h * (0.03 + random() * 0.03)),
      };
    });
  },
  dots: (random, inks, w, h) => {
    const gap = w / (8 + Math.floor(random() * 8));
    const shapes: Shape[] = [];
    for (let y = gap / 2; y < h; y += gap)
      for (let x = gap / 2; x < w; x += gap)
        shapes.push({
          kind: 'circle',
          cx: round(x),
          cy: round(y),
          r: round(gap * (0.12 + random() * 0.3)),
          fill: inks[Math.floor(random() * inks.length)]!,
        });
    return shapes;
  },
  weave: (random, inks, w, h) => {
    const n = 6 + Math.floor(random() * 5);
    const shapes: Shape[] = [];
    for (let i = 0; i < n; i++) {
      shapes.push({
        kind: 'rect',
        x: round((i * w) / n),
        y: 0,
        width: round(w / n / 2),
        height: h,
        fill: inks[0]!,
      });
      shapes.push({
        kind: 'rect',
        x: 0,
        y: round((i * h) / n),
        width: w,
        height: round(h / n / 2),
        fill: inks[1 + (i % 2)]!,
      });
    }
    return shapes;
  },
  bars: (random, inks, w, h) => {
    const n = 6 + Math.floor(random() * 8);
    const width = w / n;
    return Array.from({ length: n }, (_, i) => {
      const height = round(h * (0.15 + random() * 0.75));
      return {
        kind: 'rect' as const,
        x: round(i * width + width * 0.15),
        y: round(h - height),
        width: round(width * 0.7),
        height,
        fill: inks[i % inks.length]!,
      };
    });
  },
};

/**
 * Draws the illustration of a record's art: the motif sets the pattern, the seed the palette and the
 * layout. Pure and deterministic: the same art always gives the same drawing, on server and client.
 */
export function drawIllustration(art: Art, width = 1200, height = 675): Illustration {
  const random = sequence(hashSeed(`${art.motif}:${art.seed}`));
  const palette = PALETTES[Math.floor(random() * PALETTES.length)]!;
  const [background, ...inks] = palette;
  return { width, height, background, shapes: MOTIFS[art.motif](random, inks, width, height) };
}
