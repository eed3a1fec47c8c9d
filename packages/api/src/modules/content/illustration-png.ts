import sharp from 'sharp';
import type { Art } from './content.inputs';
import { ILLUSTRATION_FILE_SIZE, illustrationSvg } from './illustration-svg';

/**
 * An illustration as a PNG file of ILLUSTRATION_FILE_SIZE, rasterised from its SVG drawing with sharp
 * (libvips and librsvg, no network, no fonts: the drawings are shapes only). Raster because social
 * sites and the image optimiser take PNG, not SVG. Deterministic: the same art gives the same bytes.
 */
export function illustrationPng(art: Art): Promise<Buffer> {
  return sharp(Buffer.from(illustrationSvg(art)))
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
}

export { ILLUSTRATION_FILE_SIZE };
