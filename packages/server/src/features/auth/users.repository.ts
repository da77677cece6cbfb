import type { Db } from '../../infra/db/database.js';

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async find(email: string): Promise<{ email: string; name: string } | undefined> {
    return this.db
      .selectFrom('users')
      .select(['email', 'name'])
      .where('email', '=', email)
      .executeTakeFirst();
  }

  /** Creates the user on first sign-in; an existing row keeps its name. */
  async ensure(email: string, name: string, now: number): Promise<{ email: string; name: string }> {
    await this.db
      .insertInto('users')
      .values({ email, name, created_at: now })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    return (await this.find(email)) ?? { email, name };
  }

  async findMany(emails: string[]): Promise<Map<string, string>> {
    if (emails.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['email', 'name'])
      .where('email', 'in', emails)
      .execute();
    return new Map(rows.map((r) => [r.email, r.name]));
  }

  async rename(email: string, name: string): Promise<void> {
    await this.db.updateTable('users').set({ name }).where('email', '=', email).execute();
  }
}
