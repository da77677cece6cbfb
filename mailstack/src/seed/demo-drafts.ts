import type { DemoMessage } from './demo-message.types.js';
import { alice, bob, carol, mart } from './demo-people.js';

export interface DemoDraft {
  owner: string;
  message: DemoMessage;
}

/** Unsent drafts, APPENDed to Drafts with \Draft as a client saves them. */
export function demoDrafts(): DemoDraft[] {
  return [
    {
      owner: alice.email,
      message: {
        key: 'draft-acme',
        from: alice,
        to: [mart],
        daysAgo: 0.3,
        subject: 'Re: Kohtumine järgmisel nädalal?',
        text: 'Tere Mart,\n\nteisipäev kell 10 sobib. Kas kohtume teie kontoris või\n',
      },
    },
    {
      owner: bob.email,
      message: {
        key: 'draft-bob',
        from: bob,
        to: [carol],
        daysAgo: 2,
        subject: 'Käännökset versioon 1.0',
        text: 'Hei Carol,\n\nlisäsin uudet merkkijonot. Voisitko tarkistaa venäjänkieliset ennen perjantaita?\n',
      },
    },
  ];
}
