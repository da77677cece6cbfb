import { readdirSync } from 'node:fs';

/**
 * The two feature graphs, lowest tier first, in one place: `web-graph.js` and `server-graph.js` read them. A feature
 * may import features of lower tiers (on the server only their service), never one of its own tier or above.
 * Every folder under `features/` must have a tier: the lint configuration does not load while one is missing, so a
 * new feature cannot escape the graph by being left out of it.
 */

/** packages/web/src/features. Names not written yet may be listed so their place is fixed. */
export const webTiers = checked('packages/web/src/features', [
  // Upgrade's label marks gated controls in any feature (folders, contacts…). Signatures edit with the shared
  // rich-text field (shared/editor); the composer gets them from its route, beside the plan's word on them.
  ['auth', 'accounts', 'upgrade', 'signatures'],
  ['mailboxes'],
  ['messages'],
  ['reading'],
  ['compose', 'search', 'filters', 'contacts', 'settings', 'security', 'feedback', 'about', 'snooze'],
  // Unsubscribe offers to trash the sender's mail (search) and to block them (filters) afterwards. Onboarding
  // reads and saves the user's details (settings) to know what it has shown.
  ['unsubscribe', 'onboarding'],
  ['events'],
]);

/** packages/server/src/features. Upgrade holds the plan switches every gated feature asks. */
export const serverTiers = checked('packages/server/src/features', [
  ['upgrade'],
  ['auth', 'health', 'translations', 'image-proxy', 'signatures'],
  ['mailboxes'],
  ['messages', 'reading'],
  ['compose', 'search', 'filters', 'contacts', 'settings', 'security', 'feedback', 'unsubscribe', 'snooze'],
  ['events'],
]);

function checked(folder, tiers) {
  const listed = new Set(tiers.flat());
  const root = new URL(`../${folder}/`, import.meta.url);
  const missing = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !listed.has(entry.name))
    .map((entry) => entry.name);
  if (missing.length > 0) {
    throw new Error(
      `${folder}: ${missing.join(', ')} ${missing.length > 1 ? 'have' : 'has'} no tier in the feature graph; ` +
        'give each its place in eslint/feature-graph.js.',
    );
  }
  return tiers;
}
