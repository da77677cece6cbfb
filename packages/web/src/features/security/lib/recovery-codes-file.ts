/** The text of a recovery-codes file or print-out: a heading line, the account, one code a line. */
export function recoveryCodesText(heading: string, account: string, codes: readonly string[]): string {
  return [heading, account, '', ...codes, ''].join('\n');
}

/** An application password shown in groups of four letters (how mail clients' users copy it). */
export const groupsOfFour = (password: string) => password.replace(/(.{4})(?=.)/g, '$1 ');
