/** Where a 422 message is shown in the composer. */
export type ComposerField = 'from' | 'to' | 'cc' | 'bcc' | 'subject' | 'body' | 'attachments' | 'general';
export type ComposerFieldErrors = Partial<Record<ComposerField, string[]>>;

const direct = new Set<ComposerField>(['from', 'to', 'cc', 'bcc', 'subject', 'attachments']);

/**
 * The server's field errors (`draft.to.3.address`, `draft.recipients`, `subject`, `html`) by composer field,
 * so each message is shown at its field (422 carries field errors).
 */
export function composerFieldErrors(errors: Record<string, string[]>): ComposerFieldErrors {
  const result: ComposerFieldErrors = {};
  for (const [path, messages] of Object.entries(errors)) {
    const head = path.replace(/^draft\./, '').split('.')[0] ?? '';
    let field: ComposerField = 'general';
    if (direct.has(head as ComposerField)) field = head as ComposerField;
    else if (head === 'recipients') field = 'to';
    else if (head === 'html' || head === 'text') field = 'body';
    result[field] = [...(result[field] ?? []), ...messages];
  }
  return result;
}
