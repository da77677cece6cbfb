import type { ApplicationPasswordScope } from '@webmail/contracts';

/**
 * The scopes after a scope's checkbox changed. "All" stands alone: ticking it clears the single protocols, and
 * ticking a single protocol clears "all" (both at once would say two things). Nothing ticked is allowed here; the
 * form refuses it on submit.
 */
export function toggleScope(
  current: readonly ApplicationPasswordScope[],
  scope: ApplicationPasswordScope,
  on: boolean,
): ApplicationPasswordScope[] {
  if (scope === 'all') return on ? ['all'] : [];
  return on ? [...current.filter((s) => s !== 'all'), scope] : current.filter((s) => s !== scope);
}
