import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { contactLimits } from '@webmail/contracts';

/**
 * Avatars are resized with sharp (libvips, prebuilt binaries from npm): decoded, turned upright by their EXIF
 * orientation, cut to a square of at most 256 px, and stored as JPEG (PNG when the image has transparency).
 * Only raster formats are taken; an SVG or a "picture" libvips cannot decode is refused. A decompression bomb is
 * stopped by sharp's pixel limit.
 */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** 40 megapixels: a phone photo passes, a 100,000 × 100,000 PNG of a few kilobytes does not. */
const maxInputPixels = 40_000_000;

export interface StoredAvatar {
  contentType: string;
  data: Buffer;
  etag: string;
}

export class NotAnImageError extends Error {}

export async function resizeAvatar(input: Buffer): Promise<StoredAvatar> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: maxInputPixels }).metadata();
  } catch {
    throw new NotAnImageError('The file is not an image');
  }
  if (!meta.format || !acceptedFormats.has(meta.format))
    throw new NotAnImageError('The file is not a supported image');
  const size = contactLimits.avatarPixels;
  try {
    const pipeline = sharp(input, { limitInputPixels: maxInputPixels, animated: false })
      .rotate()
      .resize(size, size, { fit: 'cover', withoutEnlargement: true });
    const data = meta.hasAlpha
      ? await pipeline.png({ compressionLevel: 9 }).toBuffer()
      : await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return {
      contentType: meta.hasAlpha ? 'image/png' : 'image/jpeg',
      data,
      etag: createHash('sha256').update(data).digest('base64url').slice(0, 27),
    };
  } catch {
    throw new NotAnImageError('The image could not be read');
  }
}
