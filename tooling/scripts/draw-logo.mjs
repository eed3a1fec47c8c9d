// Draws the publisher logo, apps/web/public/logo.png (512 × 512): the site icon's mark, "BoF" in
// Source Serif 4, white on the accent red. The letters are turned into outlines with fontkit (and
// stroked to a bold weight), so the file does not depend on the fonts installed where it is drawn.
// Run again if the mark changes:   node tooling/scripts/draw-logo.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const font = fontkit.create(
  readFileSync(
    path.join(
      root,
      'node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2',
    ),
  ),
);

const size = 512;
const run = font.layout('BoF');
const scale = (size * 0.44) / font.unitsPerEm;
const stroke = size * 0.016;
let x = (size - run.advanceWidth * scale) / 2;
const baseline = size * 0.672;
const paths = run.glyphs.map((glyph, i) => {
  const d = glyph.path.scale(scale, -scale).translate(x, baseline).toSVG();
  x += run.positions[i].xAdvance * scale;
  return `<path d="${d}" fill="#ffffff" stroke="#ffffff" stroke-width="${stroke}" stroke-linejoin="round"/>`;
});
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" rx="${size * 0.156}" fill="#a3122a"/>${paths.join('')}</svg>`;
const out = path.join(root, 'apps/web/public/logo.png');
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(out);
console.log(`Wrote ${out}`);
