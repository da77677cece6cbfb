/**
 * Sessions that used their mailbox, by id → account. Background jobs (retention) may only act through a
 * session's live IMAP connection: the password's key exists only in the user's cookie, so nothing can
 * sign in for a user who is away (see ARCHITECTURE.md, retention).
 */
export class ActiveSessions {
  private readonly sessions = new Map<string, string>();
  /** Called the first time a session is seen (the retention job runs for it then). */
  onFirstUse: ((sessionId: string, account: string) => void) | undefined;

  note(session: { id: string; email: string }): void {
    if (this.sessions.has(session.id)) return;
    this.sessions.set(session.id, session.email);
    this.onFirstUse?.(session.id, session.email);
  }

  forget(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  /** Session id → account. */
  entries(): Array<[string, string]> {
    return [...this.sessions];
  }
}
