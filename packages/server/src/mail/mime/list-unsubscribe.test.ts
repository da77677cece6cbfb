import { describe, expect, it } from 'vitest';
import { unsubscribeMethodsOf, unsubscribeTargets } from './list-unsubscribe.js';

const post = 'List-Unsubscribe=One-Click';

describe('List-Unsubscribe (RFC 2369 / RFC 8058)', () => {
  it('offers one-click only with the POST header and an https URI, then the mail, then the page', () => {
    const header =
      '<mailto:leave@lists.example?subject=unsubscribe%20me>, <https://lists.example/u/42?t=a+b>';
    const targets = unsubscribeTargets(header, post);
    expect(targets).toEqual({
      oneClick: 'https://lists.example/u/42?t=a+b',
      mailto: { to: 'leave@lists.example', subject: 'unsubscribe me', body: 'unsubscribe' },
      url: 'https://lists.example/u/42?t=a+b',
    });
    expect(unsubscribeMethodsOf(targets)).toEqual(['oneClick', 'mailto', 'url']);
    expect(unsubscribeMethodsOf(unsubscribeTargets(header, null))).toEqual(['mailto', 'url']);
  });

  it.each([
    ['List-Unsubscribe=One-Click', true],
    ['  list-unsubscribe = one-click ', true],
    ['List-Unsubscribe=One-Click; x=1', false],
    ['One-Click', false],
    ['', false],
  ])('reads List-Unsubscribe-Post %j as one-click: %s', (value, oneClick) => {
    expect(unsubscribeTargets('<https://l.example/u>', value).oneClick !== null).toBe(oneClick);
  });

  it('never posts to a plain http URI unless its host is allowed by the operator', () => {
    const header = '<http://127.0.0.1:8080/u>';
    expect(unsubscribeTargets(header, post).oneClick).toBeNull();
    expect(unsubscribeTargets(header, post).url).toBe('http://127.0.0.1:8080/u');
    expect(unsubscribeTargets(header, post, (h) => h === '127.0.0.1').oneClick).toBe(
      'http://127.0.0.1:8080/u',
    );
  });

  it.each([
    '<javascript:alert(1)>',
    '<ftp://lists.example/u>',
    '<mailto:a@x.example,b@y.example>',
    '<mailto:?subject=x>',
    '<mailto:nobody>',
    '<https://lists.example/a b>',
    'https://lists.example/no-brackets',
    '<https://lists.example/' + 'x'.repeat(3000) + '>',
  ])('offers nothing for %s', (header) => {
    expect(unsubscribeMethodsOf(unsubscribeTargets(header, post))).toEqual([]);
  });

  it('keeps a plus sign of a mailto query and drops control characters from the subject', () => {
    const targets = unsubscribeTargets(
      '<mailto:l@x.example?Subject=a+b%0D%0ABcc:%20c@x&body=line1%0D%0Aline2>',
      null,
    );
    expect(targets.mailto).toEqual({ to: 'l@x.example', subject: 'a+b Bcc: c@x', body: 'line1\r\nline2' });
  });

  it('takes the first usable URI of each kind, sender preference first', () => {
    const header = '<https://a.example/1>, <mailto:a@x.example>, <https://b.example/2>, <mailto:b@x.example>';
    const targets = unsubscribeTargets(header, post);
    expect([targets.oneClick, targets.mailto?.to]).toEqual(['https://a.example/1', 'a@x.example']);
  });
});
