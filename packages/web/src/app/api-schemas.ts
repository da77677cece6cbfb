/**
 * The API's endpoints the app's start uses, with their schemas (packages/contracts). The entry's second step
 * (main.tsx): this module's chunk holds the contract modules it runs after `common-schemas.ts` (scripts/chunk-groups.ts).
 * The app imports the contracts directly, as before.
 */
export {
  ApiError,
  authEndpoints,
  mailboxesEndpoints,
  settingsEndpoints,
  systemEndpoints,
} from '@webmail/contracts';
