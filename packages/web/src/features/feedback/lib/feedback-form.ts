import { FeedbackInput } from '@webmail/contracts';

export type FeedbackField = 'stars' | 'feedback';
/** What is wrong with a field, as the dialog words it (`feedback:errors.<problem>`). */
export type FeedbackProblem = 'starsRequired' | 'feedbackRequired' | 'feedbackTooLong';

/**
 * The dialog's check before sending: the contract's own schema (the one the server validates with), its issues as
 * the dialog's words. Empty when the feedback can go.
 */
export function feedbackProblems(
  stars: number | null,
  feedback: string,
): Partial<Record<FeedbackField, FeedbackProblem>> {
  const parsed = FeedbackInput.safeParse({ stars: stars ?? 0, feedback });
  if (parsed.success) return {};
  const problems: Partial<Record<FeedbackField, FeedbackProblem>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'stars') problems.stars = 'starsRequired';
    if (field === 'feedback')
      problems.feedback = issue.code === 'too_big' ? 'feedbackTooLong' : 'feedbackRequired';
  }
  return problems;
}
