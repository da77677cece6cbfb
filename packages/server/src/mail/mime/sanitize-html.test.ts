import { describe, expect, it } from 'vitest';
import { sanitizeMailHtml } from './sanitize-html.js';

describe('sanitizeMailHtml', () => {
  it('removes scripts and event handlers', () => {
    const { html } = sanitizeMailHtml(
      '<p onclick="alert(1)">hi</p><script>alert(2)</script><img src="data:image/png;base64,AA" onerror="alert(3)">',
    );
    expect(html).toContain('<p>hi</p>');
    expect(html).not.toMatch(/script|onclick|onerror|alert/i);
  });

  it('removes javascript: links and keeps http links opening in a new tab', () => {
    const { html } = sanitizeMailHtml(
      '<a href="javascript:alert(1)">x</a><a href="https://example.org/">y</a>',
    );
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="https://example.org/"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('removes forms, base, meta refresh and external stylesheets', () => {
    const { html } = sanitizeMailHtml(
      '<base href="https://evil.test/"><meta http-equiv="refresh" content="0;url=https://evil.test">' +
        '<link rel="stylesheet" href="https://evil.test/x.css"><form action="https://evil.test"><input name="p"></form>ok',
    );
    expect(html).not.toMatch(/<base|<meta|<link|<form|<input/i);
    expect(html).toContain('ok');
  });

  it('blocks remote images but keeps data: images', () => {
    const result = sanitizeMailHtml(
      '<img src="https://images.example.com/a.png" alt="a"><img src="data:image/png;base64,AAAA" alt="b">',
    );
    expect(result.blockedRemote).toBe(true);
    expect(result.html).not.toMatch(/\ssrc="https:/);
    expect(result.html).toContain('data-remote-src="https://images.example.com/a.png"');
    expect(result.html).toContain('src="data:image/png;base64,AAAA"');
  });

  it('blocks remote CSS urls, @import and expression() inside style elements and attributes', () => {
    const result = sanitizeMailHtml(
      '<style>@import url(https://evil.test/a.css); .x{background:url("https://t.test/p.gif")} .y{width:expression(alert(1))}</style>' +
        '<div style="background-image:url(https://t.test/q.gif);color:red">x</div>',
    );
    expect(result.blockedRemote).toBe(true);
    expect(result.html).not.toMatch(/@import|t\.test|evil\.test|expression\(/);
    expect(result.html).toContain('color:red');
  });

  it('drops srcset and background attributes that load remote content', () => {
    const result = sanitizeMailHtml(
      '<table background="https://t.test/bg.png"><tr><td>x</td></tr></table><img srcset="https://t.test/a.png 2x">',
    );
    expect(result.html).not.toMatch(/srcset|\sbackground="/);
    expect(result.blockedRemote).toBe(true);
  });

  it('reports no blocked content for plain markup', () => {
    expect(sanitizeMailHtml('<p><b>Hello</b></p>')).toEqual({
      html: '<p><b>Hello</b></p>',
      blockedRemote: false,
    });
  });
});
