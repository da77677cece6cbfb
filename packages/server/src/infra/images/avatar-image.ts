import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * Avatars (contacts, groups, the account's own) are resized with sharp (libvips, prebuilt binaries from npm):
 * decoded, turned upright by their EXIF orientation, cut to a centred square of at most `size` px, and stored as
 * JPEG (PNG when the image has transparency). Only the raster formats a caller takes are accepted; an SVG or a
 * "picture" libvips cannot decode is refused. A decompression bomb is stopped by sharp's pixel limit.
 */
const rasterFormats = ['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'] as const;
export type RasterFormat = (typeof rasterFormats)[number];
/** 40 megapixels: a phone photo passes, a 100,000 × 100,000 PNG of a few kilobytes does not. */
const maxInputPixels = 40_000_000;

export interface StoredAvatar {
  contentType: string;
  data: Buffer;
  etag: string;
  width: number;
  height: number;
}

export class NotAnImageError extends Error {}
/** A real image, of a format the caller does not take. */
export class ImageFormatError extends NotAnImageError {}

export async function resizeAvatar(
  input: Buffer,
  options: { size: number; formats?: readonly RasterFormat[] },
): Promise<StoredAvatar> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: maxInputPixels }).metadata();
  } catch {
    throw new NotAnImageError('The file is not an image');
  }
  const formats: readonly string[] = options.formats ?? rasterFormats;
  if (!meta.format) throw new NotAnImageError('The file is not a supported image');
  if (!formats.includes(meta.format)) throw new ImageFormatError('The file is not a supported image');
  // A smaller image is cut square at its own shorter side, never enlarged.
  const side = Math.min(options.size, meta.width ?? options.size, meta.height ?? options.size);
  try {
    const pipeline = sharp(input, { limitInputPixels: maxInputPixels, animated: false })
      .rotate()
      .resize(side, side, { fit: 'cover' });
    const { data, info } = meta.hasAlpha
      ? await pipeline.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
      : await pipeline
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
    return {
      contentType: meta.hasAlpha ? 'image/png' : 'image/jpeg',
      data,
      etag: createHash('sha256').update(data).digest('base64url').slice(0, 27),
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new NotAnImageError('The image could not be read');
  }
}
