import { describe, expect, it } from 'vitest';
import { groupsOfFour, recoveryCodesText } from './recovery-codes-file';

describe('recovery codes and application passwords as shown', () => {
  it('puts one code a line under the account', () => {
    expect(recoveryCodesText('Codes', 'a@x.test', ['aaaaa-bbbbb', 'ccccc-ddddd'])).toBe(
      'Codes\na@x.test\n\naaaaa-bbbbb\nccccc-ddddd\n',
    );
  });

  it('groups an application password by four', () => {
    expect(groupsOfFour('abcdefghijklmnop')).toBe('abcd efgh ijkl mnop');
  });
});
