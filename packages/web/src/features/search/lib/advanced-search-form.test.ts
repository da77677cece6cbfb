import { describe, expect, it } from 'vitest';
import { emptyForm, formErrors, formFromQuery, queryFromForm } from './advanced-search-form';

describe('advanced search form ⇄ query text', () => {
  it('reads the fields it has and keeps the rest as words', () => {
    expect(
      formFromQuery(
        'in:sent budget -draft from:aino to:"Olga S" subject:kokous has:attachment larger:10M after:2026-03-01',
      ),
    ).toEqual({
      ...emptyForm,
      scope: 'sent',
      words: 'budget -draft',
      from: 'aino',
      to: 'Olga S',
      subject: 'kokous',
      hasAttachment: true,
      sizeDirection: 'larger',
      sizeValue: '10',
      sizeStep: 'MB',
      after: '2026-03-01',
    });
  });

  it('writes a query that reads back as the same form', () => {
    const form = {
      ...emptyForm,
      from: 'aino@virtanen.example',
      to: 'Olga S',
      subject: 'Отчёт',
      words: 'a OR b',
      hasAttachment: true,
      sizeDirection: 'smaller' as const,
      sizeValue: '300',
      sizeStep: 'KB' as const,
      before: '2026-04-01',
      scope: 'Projects/Acme',
    };
    const text = queryFromForm(form);
    expect(text).toBe(
      'in:Projects/Acme a OR b from:aino@virtanen.example to:"Olga S" subject:Отчёт has:attachment smaller:300K before:2026-04-01',
    );
    expect(formFromQuery(text)).toEqual(form);
  });

  it('leaves the size out while its direction is off, and asks for digits only', () => {
    expect(queryFromForm({ ...emptyForm, sizeValue: '5' })).toBe('');
    expect(formErrors({ ...emptyForm, sizeDirection: 'larger', sizeValue: '5x' })).toEqual({
      sizeValue: 'onlyNumbers',
    });
    expect(formErrors({ ...emptyForm, sizeDirection: 'off', sizeValue: '5x' })).toEqual({});
  });

  it('keeps a query it cannot read as words', () => {
    expect(formFromQuery('budget (')).toEqual({ ...emptyForm, words: 'budget (' });
  });
});
