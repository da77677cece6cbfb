import type { MessageStructureObject } from 'imapflow';
import { describe, expect, it } from 'vitest';
import { analyzeBodyStructure, hasUserAttachments } from './body-structure.js';

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
        size: 300,
        disposition: 'inline',
        related: true,
        contentId: 'logo@x',
      },
      {
        id: '2',
        filename: 'Aruanne.pdf',
        contentType: 'application/pdf',
        size: 600,
        disposition: 'attachment',
        related: false,
        contentId: null,
      },
    ]);
    expect(hasUserAttachments(root)).toBe(true);
  });

  it('treats a text part with a file name as an attachment', () => {
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
});
