// Table of the feedback feature (migration 0019_feedback). Times are epoch ms.

/** Feedback as users sent it; `mailed_at` when it also reached the operator's `FEEDBACK_EMAIL`. */
export interface FeedbackTable {
  id: string;
  account: string;
  stars: number;
  feedback: string;
  user_agent: string;
  created_at: number;
  mailed_at: number | null;
}

declare module '../../infra/db/database.js' {
  interface Database {
    feedback: FeedbackTable;
  }
}
