// Tables of single sign-on. Times are epoch milliseconds.

/**
 * The webmail sessions started by single sign-on: the provider's subject and session id (back-channel logout
 * names them) and the ID token (the hint of RP-initiated logout). The row goes when its session ends.
 */
export interface OidcSessionsTable {
  session_id: string;
  subject: string;
  sid: string | null;
  id_token: string;
  created_at: number;
}

declare module '../../../infra/db/database.js' {
  interface Database {
    oidc_sessions: OidcSessionsTable;
  }
}
