import { z } from 'zod';
import { multiLine } from './text-fields.js';

/** Feedback: stars 1 to 5 and a text of at most 1000 characters, both required. */
export const feedbackLimits = {
  minStars: 1,
  maxStars: 5,
  maxLength: 1000,
  /** Feedback one account may send per hour (the server's rate limit; a 429 beyond it). */
  perHour: 5,
} as const;

export const FeedbackInput = z
  .object({
    stars: z
      .number()
      .int()
      .min(feedbackLimits.minStars, 'Choose how many stars')
      .max(feedbackLimits.maxStars),
    feedback: multiLine(
      z
        .string()
        .trim()
        .min(1, 'Write your feedback')
        .max(feedbackLimits.maxLength, 'Feedback can be at most 1000 characters'),
    ),
  })
  .strict();
export type FeedbackInput = z.input<typeof FeedbackInput>;

export const FeedbackResult = z.object({ id: z.string() }).meta({ id: 'FeedbackResult' });
export type FeedbackResult = z.infer<typeof FeedbackResult>;
