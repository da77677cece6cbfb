import { randomBytes } from 'node:crypto';
import type { OutgoingAttachment } from './build-message.js';

// Bounded like nodemailer's own attachDataUrls pattern, so one <img> tag never scans the whole body.
const dataImage =
  /(<img\b[^<>]{0,1024}?\ssrc\s{0,20}=\s{0,20}["']?)data:(image\/[a-z0-9.+-]{1,100});base64,([a-z0-9+/=\s]+)/gi;

/**
 * Turns `<img src="data:image/…;base64,…">` (pasted images, images of a quoted original) into cid:
 * references plus related parts, so the message carries real inline parts that every client shows.
 */
export function extractDataUrlImages(
  html: string,
  domain: string,
): { html: string; images: OutgoingAttachment[] } {
  const images: OutgoingAttachment[] = [];
  const out = html.replace(dataImage, (_match, prefix: string, type: string, data: string) => {
    const contentId = `${randomBytes(10).toString('hex')}@${domain}`;
    const contentType = type.toLowerCase();
    const ext = contentType.split('/')[1]?.replace(/[^a-z0-9]/g, '') || 'img';
    images.push({
      filename: `image-${images.length + 1}.${ext}`,
      contentType,
      content: Buffer.from(data.replace(/\s+/g, ''), 'base64'),
      contentId,
    });
    return `${prefix}cid:${contentId}`;
  });
  return { html: out, images };
}
