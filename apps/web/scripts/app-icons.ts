// Draws the installed app's icons (the web app manifest and the iOS home screen) from the site's mark,
// src/app/icon.svg: `npx tsx apps/web/scripts/app-icons.ts` writes public/app-icons/*.png, which are
// committed. The maskable icon keeps the mark inside the 80 % safe zone on a full-bleed accent square, as
// launchers crop it to their own shape.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mark = readFileSync(path.join(webDir, 'src/app/icon.svg'));
const out = path.join(webDir, 'public/app-icons');
const ACCENT = '#a3122a';

async function plain(size: number, name: string): Promise<void> {
  await sharp(mark, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
}

async function maskable(size: number, name: string): Promise<void> {
  const inner = Math.round(size * 0.8);
  const drawn = await sharp(mark, { density: (72 * inner) / 64 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const offset = Math.round((size - inner) / 2);
  await sharp({ create: { width: size, height: size, channels: 4, background: ACCENT } })
    .composite([{ input: drawn, top: offset, left: offset }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
}

mkdirSync(out, { recursive: true });
await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await maskable(512, 'maskable-512.png');
await maskable(180, 'apple-touch-icon.png');
console.log(`App icons written to ${path.relative(process.cwd(), out)}`);
