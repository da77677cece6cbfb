import { describe, expect, it } from 'vitest';
import { prefixedSubject, quote, replyRecipients, threading, type OriginalHeaders } from './reply-format.js';

const base: OriginalHeaders = {
  messageId: '<m3@x.test>',
  references: ['<m1@x.test>', '<m2@x.test>'],
  subject: 'Plan',
  date: new Date('2026-01-02T10:00:00Z'),
  from: { name: 'Ann', address: 'ann@x.test' },
  replyTo: [],
  to: [
    { name: 'Me', address: 'me@x.test' },
    { name: 'Bob', address: 'bob@x.test' },
  ],
  cc: [
    { name: '', address: 'carl@x.test' },
    { name: 'Me again', address: 'ME@x.test' },
  ],
};

describe('reply helpers', () => {
  it('adds Re:/Fwd: once', () => {
    expect(prefixedSubject('Plan', 'reply')).toBe('Re: Plan');
    expect(prefixedSubject('RE: Plan', 'replyAll')).toBe('RE: Plan');
    expect(prefixedSubject('Vs: Plan', 'reply')).toBe('Vs: Plan');
    expect(prefixedSubject('Fwd: Plan', 'forward')).toBe('Fwd: Plan');
    expect(prefixedSubject('Re: Plan', 'forward')).toBe('Fwd: Re: Plan');
    expect(prefixedSubject('', 'reply')).toBe('Re:');
  });

  it('replies to Reply-To, and reply all excludes the own address', () => {
    const withReplyTo = { ...base, replyTo: [{ name: 'List', address: 'list@x.test' }] };
    expect(replyRecipients(withReplyTo, 'reply', ['me@x.test'])).toEqual({
      to: [{ name: 'List', address: 'list@x.test' }],
      cc: [],
    });
    expect(replyRecipients(base, 'replyAll', ['me@x.test'])).toEqual({
      to: [base.from, { name: 'Bob', address: 'bob@x.test' }],
      cc: [{ name: '', address: 'carl@x.test' }],
    });
  });

  it('replying to an own sent message goes to its recipients', () => {
    const mine = {
      ...base,
      from: { name: 'Me', address: 'me@x.test' },
      to: [{ name: 'Bob', address: 'bob@x.test' }],
    };
    expect(replyRecipients(mine, 'reply', ['me@x.test']).to).toEqual([
      { name: 'Bob', address: 'bob@x.test' },
    ]);
  });

  it('threads with In-Reply-To and References', () => {
    expect(threading(base)).toEqual({
      inReplyTo: '<m3@x.test>',
      references: ['<m1@x.test>', '<m2@x.test>', '<m3@x.test>'],
    });
  });

  it("dates the quote header by the product's rule, DD.MM.YYYY HH:mm in the user's time zone, in every language", () => {
    const original = { ...base, date: new Date('2026-11-23T14:47:00Z') };
    const body = { html: '<p>Hi</p>', text: 'Hi' };
    const en = quote(original, body, { mode: 'reply', lang: 'en', timeZone: 'UTC' });
    expect(en.text).toContain('23.11.2026 14:47');
    expect(en.text).not.toMatch(/PM|Nov/);
    const fi = quote(original, body, { mode: 'forward', lang: 'fi', timeZone: 'Europe/Helsinki' });
    expect(fi.text).toContain('23.11.2026 16:47');
    expect(quote(original, body, { mode: 'reply', lang: 'ru' }).text).toContain('23.11.2026 14:47');
  });
});
