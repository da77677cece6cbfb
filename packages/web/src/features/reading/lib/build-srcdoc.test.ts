import { describe, expect, it } from 'vitest';
import { buildSrcDoc, isDesignedHtml } from './build-srcdoc';

const colors = {
  text: '#e3e3e3',
  background: '#1f1f21',
  link: '#a8c7fa',
  quote: '#c4c7c5',
  quoteBorder: '#c4c7c5',
};

describe('the message frame in dark mode', () => {
  it('tells simple mail from designed mail (own colours, backgrounds, style sheets, layout tables)', () => {
    expect(
      isDesignedHtml('<p>Hi,</p><blockquote>earlier</blockquote><a href="https://x.test">link</a>'),
    ).toBe(false);
    expect(isDesignedHtml('<table width="600"><tr><td>News</td></tr></table>')).toBe(true);
    expect(isDesignedHtml('<div style="background-color:#fff">x</div>')).toBe(true);
    expect(isDesignedHtml('<p style="color: #333">x</p>')).toBe(true);
    expect(isDesignedHtml('<font color="red">x</font>')).toBe(true);
    expect(isDesignedHtml('<style>p{}</style><p>x</p>')).toBe(true);
  });

  it('draws a simple mail in the dark colours, and leaves the light page alone without them', () => {
    const dark = buildSrcDoc('<p>Hi</p>', 'https://mail.test', colors);
    expect(dark).toContain('color-scheme: dark');
    expect(dark).toContain('background: #1f1f21');
    const light = buildSrcDoc('<p>Hi</p>', 'https://mail.test');
    expect(light).not.toContain('color-scheme: dark');
    expect(light).toContain('background: #ffffff');
  });
});
