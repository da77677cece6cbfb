// Tables of single sign-on. Times are epoch milliseconds.

/**
 * The webmail sessions started by single sign-on: the provider's subject and session id (back-channel logout
 * names them), the ID token (the hint of RP-initiated logout) and, in token pass-through, the sealed tokens. The
 * row goes when its session ends.
 */
export interface OidcSessionsTable {
  session_id: string;
  subject: string;
  sid: string | null;
  id_token: string;
  created_at: number;
  /**
   * Token pass-through: `{accessToken, refreshToken, expiresAt}` sealed (AES-GCM) with the session's key, which
   * only the user's cookie holds; null for a session on the delegated door.
   */
  tokens_sealed: string | null;
}

declare module '../../../infra/db/database.js' {
  interface Database {
    oidc_sessions: OidcSessionsTable;
  }
}
