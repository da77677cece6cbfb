import type { Attachment } from '@webmail/contracts';

/** Raster and vector images an `<img>` shows (an SVG in `<img>` runs no script); TIFF is left out. */
const imageTypes = /^image\/(png|jpe?g|pjpeg|gif|webp|bmp|avif|apng|svg\+xml|x-icon|vnd\.microsoft\.icon)$/;

export type PreviewKind = 'image' | 'pdf' | null;

/** What the preview dialog can show of an attachment: an image, a PDF, or nothing (download only). */
export function previewKind(attachment: Pick<Attachment, 'contentType' | 'filename'>): PreviewKind {
  const type = attachment.contentType.toLowerCase().split(';')[0]!.trim();
  if (imageTypes.test(type)) return 'image';
  if (type === 'application/pdf') return 'pdf';
  // Many mailers send PDFs as application/octet-stream; the name tells.
  if (type === 'application/octet-stream' && /\.pdf$/i.test(attachment.filename)) return 'pdf';
  return null;
}
