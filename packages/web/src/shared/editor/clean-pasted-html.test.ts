import { describe, expect, it } from 'vitest';
import { cleanPastedHtml } from './clean-pasted-html';

describe('cleanPastedHtml', () => {
  it('strips Word markup: conditional comments, mso styles, Mso classes and o:p', () => {
    const word =
      '<!--[if gte mso 9]><xml><w:WordDocument></w:WordDocument></xml><![endif]-->' +
      '<style>p.MsoNormal{margin:0}</style>' +
      '<p class="MsoNormal" style="mso-margin-top-alt:auto;font-family:Calibri">Hello <b>there</b><o:p></o:p></p>';
    expect(cleanPastedHtml(word)).toBe('<p>Hello <b>there</b></p>');
  });

  it('keeps text and links from Gmail while dropping its attributes and handlers', () => {
    const gmail =
      '<div dir="ltr" class="gmail_default" data-x="1"><a href="https://x.test" onclick="evil()">link</a></div>';
    expect(cleanPastedHtml(gmail)).toBe('<div dir="ltr"><a href="https://x.test">link</a></div>');
  });
});
