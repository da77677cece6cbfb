import type { MailSession } from '../../mail/mail-session.js';

export type FolderPathListener = (mail: MailSession) => Promise<void>;

/**
 * Features above mailboxes that keep state by folder path (the filters' Sieve script files into paths) subscribe
 * here in their own module; the folders service tells them after a rename, move or delete, awaiting each in turn so
 * the request answers only once they are current (a listener's failure fails the request, as before it was split).
 */
export class FolderPathListeners {
  private readonly listeners: FolderPathListener[] = [];

  on(listener: FolderPathListener): void {
    this.listeners.push(listener);
  }

  async changed(mail: MailSession): Promise<void> {
    for (const listener of this.listeners) await listener(mail);
  }
}
