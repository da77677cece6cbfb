import { fieldErrorCodes, type FieldErrorCode, type TextParams } from '@webmail/contracts';
import type { FieldProblem } from '../errors.js';

/** One schema issue as fastify-type-provider-zod reports it (`keyword` is zod's issue code). */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

const known = new Set<string>(fieldErrorCodes);

/** `/draft/to/0/address` → `draft.to.0.address`; the whole body or query → `_`. */
export function fieldOf(issue: Pick<SchemaIssue, 'instancePath'>): string {
  return issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
}

/**
 * A zod issue as a field problem: the schema's own English message, and a code with parameters the web renders
 * in the user's language. A refinement names its code in `params.code` (`{ params: { code: 'folderNameSlash' } }`).
 */
export function problemOf(issue: SchemaIssue): FieldProblem {
  const message = issue.message ?? 'Invalid value';
  const p = issue.params ?? {};
  const [code, params] = codeOf(issue.keyword, message, p);
  return { code, message, ...(params ? { params } : {}) };
}

function codeOf(keyword: string, message: string, p: Record<string, unknown>): [FieldErrorCode, TextParams?] {
  const origin = p.origin;
  switch (keyword) {
    case 'invalid_type':
      return [/received undefined/.test(message) ? 'required' : 'invalidType'];
    case 'too_small': {
      const min = Number(p.minimum);
      if (origin === 'string') return [min <= 1 ? 'required' : 'tooShort', { min }];
      if (origin === 'array' || origin === 'set') return ['tooFew', { min }];
      return ['tooSmall', { min }];
    }
    case 'too_big': {
      const max = Number(p.maximum);
      if (origin === 'string') return ['tooLong', { max }];
      if (origin === 'array' || origin === 'set') return ['tooMany', { max }];
      return ['tooBig', { max }];
    }
    case 'invalid_format':
      return [p.format === 'email' ? 'invalidEmail' : 'invalid'];
    case 'invalid_value':
      return ['notAllowed'];
    case 'unrecognized_keys':
      return ['unknownField', { keys: Array.isArray(p.keys) ? p.keys.join(', ') : '' }];
    case 'custom': {
      const custom = (p.params as { code?: unknown } | undefined)?.code;
      return [typeof custom === 'string' && known.has(custom) ? (custom as FieldErrorCode) : 'invalid'];
    }
    default:
      return ['invalid'];
  }
}
