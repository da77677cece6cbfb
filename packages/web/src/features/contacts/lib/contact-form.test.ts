import { describe, expect, it } from 'vitest';
import { buildContact } from '../contacts.testing';
import { checkContactForm, contactFormData, contactFormValues } from './contact-form';

describe('contact form values', () => {
  it('sends nested fields, leaves out empty rows and says "none" for an emptied list', () => {
    const values = contactFormValues(buildContact({ groups: ['g1'] }));
    values.emails = [
      { value: ' a@example.test ', label: 'work' },
      { value: '', label: 'home' },
    ];
    values.removeAvatar = true;
    const form = Object.fromEntries(contactFormData(values).entries());
    expect(form).toMatchObject({
      'emails[0][value]': 'a@example.test',
      'emails[0][label]': 'work',
      phones: '',
      'groups[0]': 'g1',
      removeAvatar: 'true',
    });
    expect(form['emails[1][value]']).toBeUndefined();
  });

  it('needs a name or an address, and valid addresses', () => {
    const empty = contactFormValues(null);
    expect(checkContactForm(empty)).toEqual({ fullName: 'nameOrEmail' });
    expect(checkContactForm({ ...empty, emails: [{ value: 'nope', label: '' }] })).toEqual({
      'emails.0.value': 'invalidEmail',
    });
    expect(checkContactForm({ ...empty, fullName: 'Anna' })).toEqual({});
  });
});
