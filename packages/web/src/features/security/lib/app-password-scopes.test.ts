import { applicationPasswordScopes, type ApplicationPasswordScope } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { toggleScope } from './app-password-scopes';

const protocols = applicationPasswordScopes.filter((s) => s !== 'all');
// Every state the checkboxes can be in: each subset of the protocols, and "all" alone.
const states: ApplicationPasswordScope[][] = [
  ['all'],
  ...Array.from({ length: 2 ** protocols.length }, (_, bits) => protocols.filter((_, i) => bits & (1 << i))),
];

describe('application password scopes as the checkboxes change', () => {
  it.each(states.map((state) => [state.join('+') || 'none', state] as const))(
    'from %s: "all" never stands beside a protocol, and the changed box ends as ticked',
    (_name, state) => {
      for (const scope of applicationPasswordScopes) {
        for (const on of [true, false]) {
          const next = toggleScope(state, scope, on);
          expect(next.includes('all') && next.length > 1).toBe(false);
          expect(next.includes(scope)).toBe(on);
        }
      }
    },
  );

  it('keeps the other protocols when one is ticked or unticked', () => {
    expect(toggleScope(['imap'], 'smtp', true)).toEqual(['imap', 'smtp']);
    expect(toggleScope(['imap', 'smtp'], 'imap', false)).toEqual(['smtp']);
  });

  it('ticking "all" replaces the protocols, ticking a protocol replaces "all"', () => {
    expect(toggleScope(['imap', 'pop3'], 'all', true)).toEqual(['all']);
    expect(toggleScope(['all'], 'pop3', true)).toEqual(['pop3']);
    expect(toggleScope(['all'], 'all', false)).toEqual([]);
  });
});
