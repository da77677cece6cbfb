import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/database.js';
import type { SecurityPasskeysTable, SecurityTotpTable } from './security.tables.js';

export type TotpRow = Selectable<SecurityTotpTable>;
export type PasskeyRow = Selectable<SecurityPasskeysTable>;

/** TOTP secrets, recovery codes and passkeys of the accounts. */
export class TwoFactorRepository {
  constructor(private readonly db: Db) {}

  findTotp(account: string): Promise<TotpRow | undefined> {
    return this.db.selectFrom('security_totp').selectAll().where('account', '=', account).executeTakeFirst();
  }

  /** A new secret waiting for its first code (replaces any earlier set-up, enabled or not). */
  async saveTotpSecret(account: string, secretSealed: string, now: number): Promise<void> {
    await this.db.deleteFrom('security_totp').where('account', '=', account).execute();
    await this.db
      .insertInto('security_totp')
      .values({ account, secret_sealed: secretSealed, enabled_at: null, last_step: 0, created_at: now })
      .execute();
  }

  async enableTotp(account: string, step: number, now: number): Promise<void> {
    await this.db
      .updateTable('security_totp')
      .set({ enabled_at: now, last_step: step })
      .where('account', '=', account)
      .execute();
  }

  /** Takes a time step for use, only if it is newer than the last one used (two racing uses: one wins). */
  async useTotpStep(account: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('security_totp')
      .set({ last_step: step })
      .where('account', '=', account)
      .where('last_step', '<', step)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteTotp(account: string): Promise<void> {
    await this.db.deleteFrom('security_totp').where('account', '=', account).execute();
  }

  async replaceRecoveryCodes(account: string, hashes: string[], now: number): Promise<void> {
    await this.db.deleteFrom('security_recovery_codes').where('account', '=', account).execute();
    if (hashes.length === 0) return;
    await this.db
      .insertInto('security_recovery_codes')
      .values(hashes.map((code_hash) => ({ account, code_hash, created_at: now, used_at: null })))
      .execute();
  }

  /** Marks an unused code used; false when there is none such (wrong, or used before). */
  async useRecoveryCode(account: string, hash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('security_recovery_codes')
      .set({ used_at: now })
      .where('account', '=', account)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recoveryCodesLeft(account: string): Promise<number> {
    const row = await this.db
      .selectFrom('security_recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account', '=', account)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  listPasskeys(account: string): Promise<PasskeyRow[]> {
    return this.db
      .selectFrom('security_passkeys')
      .selectAll()
      .where('account', '=', account)
      .orderBy('created_at')
      .execute();
  }

  /** The account's passkey with this credential id (another account's never matches). */
  findPasskey(account: string, credentialId: string): Promise<PasskeyRow | undefined> {
    return this.db
      .selectFrom('security_passkeys')
      .selectAll()
      .where('account', '=', account)
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
  }

  async insertPasskey(row: PasskeyRow): Promise<void> {
    await this.db.insertInto('security_passkeys').values(row).execute();
  }

  async renamePasskey(account: string, id: string, name: string): Promise<PasskeyRow | undefined> {
    await this.db
      .updateTable('security_passkeys')
      .set({ name })
      .where('account', '=', account)
      .where('id', '=', id)
      .execute();
    return this.db
      .selectFrom('security_passkeys')
      .selectAll()
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async removePasskey(account: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('security_passkeys')
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async notePasskeyUse(id: string, counter: number, now: number): Promise<void> {
    await this.db
      .updateTable('security_passkeys')
      .set({ counter, last_used_at: now })
      .where('id', '=', id)
      .execute();
  }
}
