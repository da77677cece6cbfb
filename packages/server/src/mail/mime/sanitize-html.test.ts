import { describe, expect, it } from 'vitest';
import { sanitizeMailHtml } from './sanitize-html.js';

const proxy = (url: string) => `/api/proxy/image?url=${encodeURIComponent(url)}&sig=x`;

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

  it('removes forms, base, meta refresh, external stylesheets, SVG and MathML', () => {
    const { html } = sanitizeMailHtml(
      '<base href="https://evil.test/"><meta http-equiv="refresh" content="0;url=https://evil.test">' +
        '<link rel="stylesheet" href="https://evil.test/x.css"><form action="https://evil.test"><input name="p"></form>' +
        '<svg><image href="https://evil.test/a.png"/></svg><math><mi>x</mi></math>ok',
    );
    expect(html).not.toMatch(/<base|<meta|<link|<form|<input|<svg|<image|<math|evil/i);
    expect(html).toContain('ok');
  });

  it('holds remote images back, keeps raster data: images, drops SVG data: and relative URLs', () => {
    const result = sanitizeMailHtml(
      '<img src="https://images.example.com/a.png" alt="a"><img src="data:image/png;base64,AAAA" alt="b">' +
        '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="c"><img src="/api/u/0/details" alt="d">',
    );
    expect(result.remoteContent).toBe('blocked');
    expect(result.html).not.toMatch(/images\.example|svg|\/api\/u/);
    expect(result.html).toContain('src="data:image/png;base64,AAAA"');
  });

  it('rewrites every remote URL to the proxy when remote content is allowed', () => {
    const result = sanitizeMailHtml(
      '<img src="http://a.test/1.png" srcset="//b.test/2.png 2x, data:image/png;base64,AA 3x">' +
        '<table background="https://c.test/bg.png"><tr><td style="background:url(\'https://d.test/x.gif\')">x</td></tr></table>' +
        '<style>.x{background-image:url(https://e.test/y.png)}</style>',
      { proxy },
    );
    expect(result.remoteContent).toBe('shown');
    for (const host of ['a.test', 'b.test', 'c.test', 'd.test', 'e.test']) {
      expect(result.html).toContain(encodeURIComponent(`//${host}/`));
      expect(result.html).not.toMatch(new RegExp(`["'(\\s]https?://${host.replace('.', '\\.')}`));
    }
    expect(result.html).toContain('data:image/png;base64,AA 3x');
  });

  it('blocks remote CSS urls, @import, expression() and escaped variants', () => {
    const result = sanitizeMailHtml(
      '<style>@import url(https://evil.test/a.css); .x{background:url("https://t.test/p.gif")} .y{width:expression(alert(1))}' +
        ' .z{background:\\75 rl(https://esc.test/e.png)} .w{background-image:image-set("https://set.test/a.png" 1x)}</style>' +
        '<div style="background-image:url(https://t.test/q.gif);color:red">x</div>' +
        '<div style="background:u\\rl(https://esc2.test/q.gif)">y</div>',
    );
    expect(result.remoteContent).toBe('blocked');
    expect(result.html).not.toMatch(/@import|t\.test|evil\.test|esc\.test|esc2\.test|expression\(|image-set/);
    expect(result.html).toContain('color:red');
  });

  it('drops a style whose url() is never closed', () => {
    const result = sanitizeMailHtml('<div style="color:red;background:url(https://open.test/x.png">x</div>');
    expect(result.html).not.toContain('open.test');
  });

  it('removes tracking pixels without counting them as remote content', () => {
    const result = sanitizeMailHtml(
      '<p>Hi</p><img src="https://t.test/o.gif" width="1" height="1"><img src="https://t.test/p.gif" style="display:none">' +
        '<div style="visibility:hidden"><img src="https://t.test/q.gif"></div><img src="https://t.test/r.gif" style="width:0px;height:0">',
      { proxy },
    );
    expect(result.html).toBe('<p>Hi</p><div style="visibility:hidden"></div>');
    expect(result.remoteContent).toBe('none');
  });

  it('treats template contents and the kept content of removed elements like the rest', () => {
    const result = sanitizeMailHtml(
      '<template><img src="https://t.test/a.png"><a href="javascript:alert(1)">x</a></template>' +
        '<form><p style="background:url(https://f.test/b.png)">in a form</p></form>',
    );
    expect(result.html).toBe('<template><img><a>x</a></template><p style="background:none">in a form</p>');
    expect(result.remoteContent).toBe('blocked');
    // The mail's <body> attributes are not part of the result, so they count for nothing.
    expect(sanitizeMailHtml('<body background="https://b.test/c.png"><p>x</p>')).toEqual({
      html: '<p>x</p>',
      remoteContent: 'none',
    });
  });

  it('reports no remote content for plain markup', () => {
    expect(sanitizeMailHtml('<p><b>Hello</b></p>')).toEqual({
      html: '<p><b>Hello</b></p>',
      remoteContent: 'none',
    });
  });
});
