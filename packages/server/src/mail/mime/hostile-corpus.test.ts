import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { sanitizeMailHtml } from './sanitize-html.js';
import { findUnsafe, hostileCorpus } from './unsafe-html.testing.js';

const corpus = hostileCorpus();
const proxy = (url: string) => `/api/proxy/image?url=${encodeURIComponent(url)}&exp=1&sig=s`;

describe('hostile corpus (mailstack/fixtures/hostile)', () => {
  it('has at least 60 messages, each with a remote URL of its own host', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(60);
    for (const { name, raw } of corpus) {
      const n = Number(name.slice(0, 2));
      expect(raw.toString('latin1'), name).toMatch(new RegExp(`evil-${n}\\.example\\.com|base64`));
    }
  });

  it.each(corpus.map((m) => [m.name, m.raw] as const))(
    '%s: no script and nothing remote survives',
    async (name, raw) => {
      const email = await PostalMime.parse(raw);
      const html = email.html ?? `<pre>${email.text ?? ''}</pre>`;
      const blocked = sanitizeMailHtml(html);
      expect(findUnsafe(blocked.html), name).toEqual([]);
      const shown = sanitizeMailHtml(html, { proxy });
      expect(findUnsafe(shown.html, { proxied: true }), name).toEqual([]);
      // Tracking pixels are never loaded, not even when remote content is allowed.
      expect(shown.html).not.toMatch(/open\.gif|open2\.gif|h[123]\.gif/);
    },
  );
});
