import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import qs from 'qs';
import type { z } from 'zod';
import { contactLimits } from '@webmail/contracts';
import { AppError, validationError, type FieldProblem } from '../../infra/errors.js';
import { fieldOf, problemOf } from '../../infra/http/field-errors.js';

/**
 * The contact and group forms are multipart with nested field names (`emails[0][value]`, `members[3]`) and one
 * file. Fields are collected as they come and nested by qs (the maintained parser of bracket notation, with
 * depth and array limits), then checked by the contract's schema like any JSON body. A JSON body is taken
 * too (API clients without files).
 */
export interface FormFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface ReadForm {
  fields: Record<string, unknown>;
  file: FormFile | null;
  /** The file was larger than the limit: nothing of it was kept. */
  fileTooLarge: boolean;
}

const maxFields = 2 * contactLimits.idsMax + 100;

export async function readForm(
  request: FastifyRequest,
  options: { fileField: string; maxFileBytes: number },
): Promise<ReadForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return {
      fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {},
      file: null,
      fileTooLarge: false,
    };
  }
  const flat: Record<string, string> = {};
  let file: FormFile | null = null;
  let fileTooLarge = false;
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxFileBytes + 1,
        files: 1,
        fields: maxFields,
        fieldSize: 64 * 1024,
        parts: maxFields + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        flat[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      } else if (part.fieldname !== options.fileField) {
        part.file.resume();
        throw validationError({
          [part.fieldname]: [
            {
              code: 'unknownField',
              params: { keys: part.fieldname },
              message: `Unexpected file field ${part.fieldname}`,
            },
          ],
        });
      } else {
        const data = await readUpTo(part.file, options.maxFileBytes);
        if (data === null) fileTooLarge = true;
        else if (data.length > 0) file = { filename: part.filename, mimetype: part.mimetype, data };
      }
    }
  } catch (err) {
    throw malformedForm(err);
  }
  const fields = qs.parse(flat, {
    depth: 4,
    arrayLimit: contactLimits.idsMax,
    parameterLimit: maxFields,
    allowPrototypes: false,
    allowDots: false,
  }) as Record<string, unknown>;
  return { fields, file, fileTooLarge };
}

/** The bytes, or null when there were more than `max` (the rest is drained, not kept). */
async function readUpTo(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) over = true;
    if (!over) chunks.push(chunk as Buffer);
  }
  return over || (stream as Readable & { truncated?: boolean }).truncated ? null : Buffer.concat(chunks);
}

function malformedForm(err: unknown): Error {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: number }).statusCode;
  if (status === 413) return tooLarge('_', 'The form has too many fields or parts');
  if (status && status >= 400 && status < 500) return err as Error;
  const refused = validationError({
    _: [{ code: 'invalid', message: 'The form is malformed or was cut off; send it again' }],
  });
  refused.cause = err;
  return refused;
}

/** A 413 with the field that was too large, as `{code, params}` for the web and in English. */
export function tooLarge(
  field: string,
  message: string,
  code: FieldProblem['code'] = 'tooBig',
  params?: Record<string, number>,
) {
  return new AppError('PayloadTooLarge', 413, message, { [field]: [message] }, undefined, {
    fieldErrors: { [field]: [params ? { code, params } : { code }] },
  });
}

/**
 * Form values for a schema: an empty field stands for an empty list where the schema wants one (a form
 * cannot send a list without items, and a change may need to clear the e-mail addresses).
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  fields: Record<string, unknown>,
  lists: string[],
): z.output<S> {
  const values = { ...fields };
  for (const key of lists) if (values[key] === '') values[key] = [];
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const problems: Record<string, FieldProblem[]> = {};
  for (const issue of parsed.error.issues) {
    const schemaIssue = {
      keyword: issue.code,
      instancePath: issue.path.length ? `/${issue.path.join('/')}` : '',
      message: issue.message,
      params: issue as unknown as Record<string, unknown>,
    };
    (problems[fieldOf(schemaIssue)] ??= []).push(problemOf(schemaIssue));
  }
  throw validationError(problems);
}
