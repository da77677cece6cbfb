/**
 * The API's common schemas (contracts/src/common.ts: the address, the e-mail and number checks every other schema is
 * built from). The entry's first step (main.tsx): zod's first schemas are its slowest, its code still cold (on a
 * fast machine ~10 ms for this module, ~3 ms for the ~20 contract modules after it), so they run in a task of their
 * own (scripts/chunk-groups.ts). The app imports the contracts directly, as before.
 */
export { Address, HealthResponse } from '@webmail/contracts';
