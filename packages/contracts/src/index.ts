// The package entry: contracts is a library, so one index re-exports its modules.
export * from './common.js';
export * from './errors.js';
export * from './locales.js';
export * from './auth.js';
export * from './mailboxes.js';
export * from './messages.js';
export * from './mass-actions.js';
export * from './compose.js';
export * from './compose-send.js';
export * from './external-content.js';
export * from './reading.js';
export * from './account.js';
export * from './constants.js';
export * from './format.js';
