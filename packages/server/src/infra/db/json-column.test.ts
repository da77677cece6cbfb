import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readJsonColumn, StoredJsonError } from './json-column.js';

const Pair = z.array(z.object({ value: z.string(), label: z.string() }));

describe('readJsonColumn', () => {
  it('gives the value a column holds when it matches the schema', () => {
    expect(readJsonColumn(Pair, '[{"value":"a@example.test","label":"work"}]', 'contacts.emails')).toEqual([
      { value: 'a@example.test', label: 'work' },
    ]);
  });

  it('names the column and the problem when the value does not match', () => {
    const read = () => readJsonColumn(Pair, '[{"value":1,"label":"work"}]', 'contacts.emails');
    expect(read).toThrow(StoredJsonError);
    expect(read).toThrow(/^Stored contacts\.emails does not match its schema: 0\.value: /);
  });

  it('names the column when the text is not JSON at all', () => {
    expect(() => readJsonColumn(Pair, '[{', 'contacts.emails')).toThrow(
      /^Stored contacts\.emails does not match its schema: not JSON/,
    );
  });
});
