// The claims of background mail work done for absent owners (migration 0026_owner_mail). Times are epoch ms.

/** One unit of background work (job × account): the node that claimed it and until when nobody else may. */
export interface OwnerMailClaimsTable {
  job: string;
  account: string;
  claimed_until: number;
  node: string;
}

declare module '../infra/db/database.js' {
  interface Database {
    owner_mail_claims: OwnerMailClaimsTable;
  }
}
