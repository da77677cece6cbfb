import { describe, expect, it } from 'vitest';
import { composeLimits, DraftContent } from '@webmail/contracts';
import { AppError } from '../../infra/errors.js';
import { extractDataUrlImages } from '../../mail/mime/data-url-images.js';
import { checkDraft } from './draft-validation.js';

const account = 'me@x.test';

/** The problems checkDraft finds in a draft whose HTML holds one pasted image of `bytes` bytes. */
function problemsWithPastedImage(type: string, bytes: number): Record<string, string[]> | null {
  const image = Buffer.alloc(bytes, 7).toString('base64');
  const draft = DraftContent.parse({
    to: [{ name: '', address: 'you@x.test' }],
    html: `<p>look</p><img src="data:${type};base64,${image}">`,
  });
  const { html, images } = extractDataUrlImages(draft.html ?? '', 'x.test');
  try {
    checkDraft(
      draft,
      { attachments: [], dataImages: images, html },
      { account, senders: [account], forSend: true },
    );
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.status).toBe(422);
    return error.errors ?? {};
  }
}

describe('checkDraft on images pasted into the HTML', () => {
  it('takes one up to the inline-image limit', () => {
    expect(problemsWithPastedImage('image/png', composeLimits.inlineImageMaxBytes)).toBeNull();
  });

  it('refuses one over the inline-image limit, as it refuses such an inline upload', () => {
    const errors = problemsWithPastedImage('image/png', composeLimits.inlineImageMaxBytes + 1);
    expect(errors).toEqual({ html: [expect.stringContaining('512,000 bytes')] });
  });

  it('refuses a TIFF whatever its size', () => {
    expect(problemsWithPastedImage('image/tiff', 100)).toEqual({
      html: [expect.stringContaining('image/tiff')],
    });
  });
});
