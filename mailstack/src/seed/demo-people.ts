import type { MailstackCredentials } from '../mailstack.types.js';

export interface Person {
  name: string;
  email: string;
}

export interface DemoAccount extends Person, MailstackCredentials {}

/** The three demo accounts; passwords are documented in the README. */
export const DEMO_ACCOUNTS = {
  alice: { name: 'Alice Tamm', email: 'alice@example.test', password: 'alice-demo' },
  bob: { name: 'Bob Virtanen', email: 'bob@example.test', password: 'bob-demo' },
  carol: { name: 'Carol Ivanova', email: 'carol@example.test', password: 'carol-demo' },
} as const satisfies Record<string, DemoAccount>;

export const alice: Person = DEMO_ACCOUNTS.alice;
export const bob: Person = DEMO_ACCOUNTS.bob;
export const carol: Person = DEMO_ACCOUNTS.carol;

// Outside senders arrive through the MTA port; mail to them ends up in the sink mailbox.
export const mart: Person = { name: 'Mart Kask', email: 'mart.kask@acme.example' };
export const liisa: Person = { name: 'Liisa Mäkinen', email: 'liisa.makinen@acme.example' };
export const techWeekly: Person = { name: 'Tallinn Tech Weekly', email: 'news@techweekly.example' };
export const kirjasto: Person = { name: 'Kirjaston uutiskirje', email: 'uutiset@kirjasto.example' };
export const digest: Person = { name: 'Технодайджест', email: 'digest@technodigest.example' };
export const ciBot: Person = { name: 'CI', email: 'ci@builds.example' };
export const ferry: Person = { name: 'Tallink Silja', email: 'booking@ferry.example' };
export const spammer: Person = { name: 'Prize Center', email: 'winner@lottery.example' };

const LOCAL_DOMAINS = ['example.test', 'example.org'];

export function isLocal(email: string): boolean {
  return LOCAL_DOMAINS.includes(email.split('@')[1]?.toLowerCase() ?? '');
}

export function accountFor(email: string): DemoAccount | undefined {
  return Object.values(DEMO_ACCOUNTS).find((a) => a.email === email.toLowerCase());
}
