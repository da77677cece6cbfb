/**
 * Sessions that used their mailbox in this process, by id → account, fed by the session lifecycle (first mail
 * use, end). Background jobs (retention) act only through such a session's live IMAP connection: the password's
 * key exists only in the user's cookie, so nothing can sign in for a user who is away.
 */
export class ActiveSessions {
  private readonly sessions = new Map<string, string>();

  /** Returns whether the session is new here. */
  note(session: { id: string; email: string }): boolean {
    if (this.sessions.has(session.id)) return false;
    this.sessions.set(session.id, session.email);
    return true;
  }

  forget(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  /** Session id → account. */
  entries(): Array<[string, string]> {
    return [...this.sessions];
  }
}
