// Public API of @webmail/mailstack: a sandboxed Dovecot + Postfix for tests and the demo.
export type {
  Envelope,
  Mailstack,
  MailstackCredentials,
  MailstackPorts,
  StartMailstackOptions,
} from './mailstack.types.js';
export { startMailstack, attachMailstack } from './start-mailstack.js';
export { countImapLogins } from './dovecot-log.js';
export {
  deliverViaLmtp,
  submitViaSmtp,
  sendViaMta,
  createSubmissionTransport,
  createMtaTransport,
  type DeliveryResult,
  type MessageInput,
  type SmtpAuth,
} from './delivery.js';
export { openImap, countMessages, waitForMessageCount } from './imap-session.js';
export { portsFor, DEFAULT_PORT_BASE, MAILSTACK_HOST } from './stack-config.js';
export { seedDemo, type SeedReport } from './seed/seed-demo.js';
export { DEMO_ACCOUNTS } from './seed/demo-people.js';
export { multiAppend, type AppendItem, type MultiAppendTarget } from './seed/imap-multiappend.js';
export { prng } from './seed/prng.js';
