import type { MessageStructureObject } from 'imapflow';
import { describe, expect, it } from 'vitest';
import { analyzeBodyStructure, hasUserAttachments, nodeAt } from './body-structure.js';

const leaf = (
  part: string,
  type: string,
  extra: Partial<MessageStructureObject> = {},
): MessageStructureObject =>
  ({ part, type, size: 400, encoding: '7bit', ...extra }) as MessageStructureObject;

describe('analyzeBodyStructure', () => {
  it('reads a single-part text message as body part 1', () => {
    const result = analyzeBodyStructure({ type: 'text/plain', size: 10 } as MessageStructureObject);
    expect(result.text).toEqual([{ part: '1', type: 'text/plain', size: 10 }]);
    expect(result.attachments).toEqual([]);
  });

  it('separates alternative bodies, related cid images and attachments', () => {
    const root = {
      type: 'multipart/mixed',
      childNodes: [
        {
          part: '1',
          type: 'multipart/related',
          childNodes: [
            {
              part: '1.1',
              type: 'multipart/alternative',
              childNodes: [leaf('1.1.1', 'text/plain'), leaf('1.1.2', 'text/html')],
            },
            leaf('1.2', 'image/png', { id: '<logo@x>', encoding: 'base64', size: 400 }),
          ],
        },
        leaf('2', 'application/pdf', {
          disposition: 'attachment',
          dispositionParameters: { filename: 'Aruanne.pdf' },
          encoding: 'base64',
          size: 800,
        }),
      ],
    } as MessageStructureObject;
    const result = analyzeBodyStructure(root);
    expect(result.text.map((p) => p.part)).toEqual(['1.1.1']);
    expect(result.html.map((p) => p.part)).toEqual(['1.1.2']);
    expect(result.attachments).toEqual([
      {
        id: '1.2',
        filename: 'part-1.2.png',
        contentType: 'image/png',
        size: 292,
        disposition: 'inline',
        related: true,
        contentId: 'logo@x',
      },
      {
        id: '2',
        filename: 'Aruanne.pdf',
        contentType: 'application/pdf',
        size: 585,
        disposition: 'attachment',
        related: false,
        contentId: null,
      },
    ]);
    expect(hasUserAttachments(root)).toBe(true);
  });

  it('treats a text part with a file name as an attachment beside a body', () => {
    const root = {
      type: 'multipart/mixed',
      childNodes: [leaf('1', 'text/plain'), leaf('2', 'text/plain', { parameters: { name: 'notes.txt' } })],
    } as MessageStructureObject;
    const result = analyzeBodyStructure(root);
    expect(result.text.map((p) => p.part)).toEqual(['1']);
    expect(result.attachments.map((a) => a.filename)).toEqual(['notes.txt']);
  });

  it('stops at absurd nesting depth instead of recursing forever', () => {
    let node: MessageStructureObject = leaf('1', 'text/plain');
    for (let i = 0; i < 100; i += 1)
      node = { type: 'multipart/mixed', childNodes: [node] } as MessageStructureObject;
    expect(() => analyzeBodyStructure(node)).not.toThrow();
  });
  const message = (extra: Partial<MessageStructureObject>, body: MessageStructureObject) =>
    ({
      type: 'message/rfc822',
      size: 900,
      envelope: { subject: 'Inner' },
      childNodes: [body],
      ...extra,
    }) as MessageStructureObject;

  it('numbers the parts of an enclosed message as IMAP does, and shows it inline', () => {
    // imapflow numbers an enclosed message's parts as if the enclosure were not there (`1`, `2`).
    const inner = {
      type: 'multipart/mixed',
      childNodes: [leaf('1', 'text/html'), leaf('2', 'application/pdf', { disposition: 'attachment' })],
    } as MessageStructureObject;
    const root = {
      type: 'multipart/mixed',
      childNodes: [leaf('1', 'text/plain'), message({ part: '2' }, inner)],
    } as MessageStructureObject;
    const result = analyzeBodyStructure(root);
    expect(result.text.map((p) => p.part)).toEqual(['1']);
    expect(result.enclosed).toEqual([
      {
        part: '2',
        envelope: { subject: 'Inner' },
        html: [{ part: '2.1', type: 'text/html', size: 400 }],
        text: [],
      },
    ]);
    expect(result.attachments.map((a) => [a.id, a.filename])).toEqual([
      ['2', 'Inner.eml'],
      ['2.2', 'part-2.2.pdf'],
    ]);
    expect(nodeAt(root, '2.1')?.type).toBe('text/html');
    expect(nodeAt(root, '2.2')?.type).toBe('application/pdf');
  });

  it('numbers a single-part message enclosed at the top as 1.1', () => {
    const root = message({}, leaf('1', 'text/plain'));
    expect(analyzeBodyStructure(root).enclosed[0]!.text.map((p) => p.part)).toEqual(['1.1']);
    expect(nodeAt(root, '1')).toBe(root);
  });

  it('keeps a message forwarded as an attachment an attachment when there is a body', () => {
    const root = {
      type: 'multipart/mixed',
      childNodes: [
        leaf('1', 'text/plain'),
        message({ part: '2', disposition: 'attachment' }, leaf('2', 'text/plain')),
      ],
    } as MessageStructureObject;
    const result = analyzeBodyStructure(root);
    expect(result.enclosed).toEqual([]);
    expect(result.attachments.map((a) => a.id)).toEqual(['2']);
  });

  it('shows named text parts as the body when there is no other', () => {
    const root = {
      type: 'multipart/mixed',
      childNodes: [
        leaf('1', 'text/plain', { parameters: { name: 'a.txt' } }),
        leaf('2', 'text/plain', { disposition: 'attachment', dispositionParameters: { filename: 'b.txt' } }),
      ],
    } as MessageStructureObject;
    const result = analyzeBodyStructure(root);
    expect(result.text.map((p) => p.part)).toEqual(['1']);
    expect(result.attachments.map((a) => a.filename)).toEqual(['b.txt']);
  });

  it.each(['text/', '/', 'text', '', 'text/plain日本'])('reads the type %j as text/plain', (type) => {
    const result = analyzeBodyStructure({ type, size: 10 } as MessageStructureObject);
    expect(result.text).toEqual([{ part: '1', type: 'text/plain', size: 10 }]);
    expect(result.attachments).toEqual([]);
  });

  it.each(['image/png日本', 'application/', 'x/'])(
    'reads the broken type %j as application/octet-stream',
    (type) => {
      const result = analyzeBodyStructure({ type, size: 10 } as MessageStructureObject);
      expect(result.text).toEqual([]);
      expect(result.attachments.map((a) => a.contentType)).toEqual(['application/octet-stream']);
    },
  );

  it.each([0, 1, 2, 3, 57, 1000, 65_537])('estimates the decoded size of %i bytes in base64', (bytes) => {
    const b64 = Buffer.alloc(bytes, 7).toString('base64');
    const encoded = (b64.match(/.{1,76}/g) ?? []).join('\r\n');
    const node = leaf('2', 'application/pdf', { encoding: 'base64', size: encoded.length });
    const root = {
      type: 'multipart/mixed',
      childNodes: [leaf('1', 'text/plain'), node],
    } as MessageStructureObject;
    const size = analyzeBodyStructure(root).attachments[0]!.size;
    expect(Math.abs(size - bytes)).toBeLessThanOrEqual(2);
  });
});
