import type { z } from 'zod';

/**
 * A JSON text column that does not hold what its schema says: the row was written by an older or broken version,
 * or edited by hand. It is a server fault (500, logged at error with the column and the problems), never a value
 * of the wrong shape handed on as if it were right; the client sees only "Something went wrong on the server".
 */
export class StoredJsonError extends Error {
  constructor(
    readonly column: string,
    readonly problems: string[],
  ) {
    super(`Stored ${column} does not match its schema: ${problems.join('; ')}`);
    this.name = 'StoredJsonError';
  }
}

/**
 * Reads a JSON text column with its schema (the contract's where the value is an API shape). `column` names it
 * for the log, e.g. `contacts.emails`.
 */
export function readJsonColumn<S extends z.ZodType>(schema: S, text: string, column: string): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new StoredJsonError(column, [`not JSON (${(err as Error).message})`]);
  }
  const result = schema.safeParse(value);
  if (!result.success)
    throw new StoredJsonError(
      column,
      result.error.issues.map((issue) => `${issue.path.join('.') || '(value)'}: ${issue.message}`),
    );
  return result.data;
}
