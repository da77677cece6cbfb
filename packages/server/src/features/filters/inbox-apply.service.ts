import {
  inboxActionsOf,
  type FilterAction,
  type FilterAppliedToInbox,
  type FilterQuery,
} from '@webmail/contracts';
import { notFound } from '../../infra/errors.js';
import { searchUidSet } from '../../mail/imap/imap-uid-lists.js';
import { withCharset } from '../../mail/imap/imap-search-args.js';
import { expandUids } from '../../mail/imap/uid-set.js';
import type { MailSession } from '../../mail/mail-session.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import type { MassActionsService } from '../messages/mass-actions.service.js';
import type { FilterScript } from './filter-script.js';
import type { FetchMessageObject, MessageAddressObject } from '../../mail/mail-types.js';
import { headerValue } from '../../mail/mime/thread-id.js';
import {
  filterSearchCriteria,
  hasHeaderCriteria,
  headersMatch,
  type MessageHeaders,
} from './filter-search-criteria.js';

/** The folder mass actions, as this needs them (messages' service; made after filters in the composition root). */
export type InboxMassActions = Pick<MassActionsService, 'runOnMatches'>;

/**
 * "Also apply to the matching messages already in Inbox": the filter's criteria as an IMAP search in Inbox (its
 * count asked first), then its actions as folder mass actions on exactly those messages — flags, then one move
 * (`inboxActionsOf`). Mail arriving in between is the script's business, not this one's.
 */
export class InboxApplyService {
  constructor(
    private readonly script: FilterScript,
    private readonly mailboxes: MailboxesService,
    private readonly massActions: InboxMassActions,
  ) {}

  async count(mail: MailSession, id: string): Promise<number> {
    const { query } = await this.filter(mail, id);
    const inbox = await this.inboxId(mail);
    return (await this.matches(mail, inbox, query)).length;
  }

  async apply(mail: MailSession, id: string): Promise<FilterAppliedToInbox> {
    const { query, action } = await this.filter(mail, id);
    const inbox = await this.inboxId(mail);
    const uids = await this.matches(mail, inbox, query);
    const steps = inboxActionsOf(action);
    if (uids.length === 0 || steps.length === 0) return { total: uids.length, handled: 0 };
    const refs = uids.map((uid) => ({ messageId: uid, mailboxId: inbox }));
    let handled = 0;
    for (const step of steps) {
      const result = await this.massActions.runOnMatches(mail, step, refs, []);
      handled = Math.max(handled, result.handled);
    }
    return { total: uids.length, handled };
  }

  private async filter(mail: MailSession, id: string): Promise<{ query: FilterQuery; action: FilterAction }> {
    const row = await this.script.repository.find(mail.email, id);
    if (!row) throw notFound('Filter', 'filterNotFound');
    const filter = this.script.toFilter(row, await this.script.disabled(mail.email));
    return { query: filter.query, action: filter.action };
  }

  private async inboxId(mail: MailSession): Promise<string> {
    const listing = await this.mailboxes.listing(mail);
    const path = this.mailboxes.specialUses(listing).get('inbox') ?? 'INBOX';
    const id = listing.records.get(path)?.id;
    if (!id) throw notFound('Folder', 'folderNotFound');
    return id;
  }

  /** The Inbox UIDs the filter matches: SEARCH for the body, attachment and size; the headers compared here. */
  private async matches(mail: MailSession, inbox: string, query: FilterQuery): Promise<number[]> {
    return mail.inFolder(
      inbox,
      async (folder) => {
        const { set } = await searchUidSet(folder, withCharset(filterSearchCriteria(query)));
        if (!set) return [];
        if (!hasHeaderCriteria(query)) return expandUids(set);
        const uids: number[] = [];
        // Read to the end: leaving imapflow's fetch iterator early would leave the command unfinished.
        const fields = { uid: true, envelope: true, headers: ['delivered-to', 'list-id'] };
        for await (const row of folder.fetch(set, fields)) {
          if (headersMatch(query, headersOf(row))) uids.push(row.uid);
        }
        return uids;
      },
      { readOnly: true },
    );
  }
}

const addresses = (list: MessageAddressObject[] | undefined): string[] =>
  (list ?? []).map((a) => (a.name ? `${a.name} <${a.address ?? ''}>` : (a.address ?? '')));

/** The envelope (decoded by imapflow) and the two headers it lacks. */
function headersOf(row: FetchMessageObject): MessageHeaders {
  const env = row.envelope;
  const deliveredTo = headerValue(row.headers, 'delivered-to');
  return {
    from: addresses(env?.from),
    sender: addresses(env?.sender),
    to: addresses(env?.to),
    cc: addresses(env?.cc),
    deliveredTo: deliveredTo ? [deliveredTo] : [],
    subject: env?.subject ?? '',
    listId: headerValue(row.headers, 'list-id'),
  };
}
