import { z } from 'zod';
import { defineRoute } from '../api/route';
import { popupLimits, userIdSchema } from '../config/kinds/popups';
import { idSchema } from '../resources/define';
import { requiredOrType } from '../validation';
import { clientKeyParamsSchema } from './routes';

/**
 * The answer to a Feedback popup, sent by the app: `POST /client/v1/{clientKey}/feedback`.
 *
 * Like the other delivery routes the client key in the path is the credential. The popup must be a
 * Feedback popup live (official) in the key's project, the answer must fit its question (a rating
 * of 1 to 5, one of its choices by index, or a text; a comment beside a rating or choice only where
 * the popup allows one), else 1000 with field errors; an unknown popup is 108002. Answers are rate
 * limited (1006 with `Retry-After`): per client key and address, and per user and popup
 * (server/src/delivery/feedback.ts `FEEDBACK_LIMITS`).
 */

const optionalText = (max: number) => z.string({ error: requiredOrType }).trim().max(max, { error: 'validation.lengthMax' }).optional();

export const feedbackBodySchema = z.object({
  popupId: idSchema,
  /** The popup's revision the user saw (as delivered). */
  revision: z.number({ error: requiredOrType }).int({ error: 'validation.integer' }).min(1, { error: 'validation.rangeMin' }),
  userId: userIdSchema,
  answer: z.object({
    rating: z.number({ error: requiredOrType }).int({ error: 'validation.integer' }).min(1, { error: 'validation.rangeMin' }).max(5, { error: 'validation.rangeMax' }).optional(),
    choice: z.number({ error: requiredOrType }).int({ error: 'validation.integer' }).min(0, { error: 'validation.rangeMin' }).max(popupLimits.choicesMax - 1, { error: 'validation.rangeMax' }).optional(),
    text: optionalText(popupLimits.feedbackText),
  }),
  /** The app's version and language, as for the configuration (kept with the answer). */
  version: optionalText(64),
  language: optionalText(35),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

export const feedbackReceiptSchema = z.object({ id: z.string() });

export const feedbackRoutes = {
  'delivery.feedback': defineRoute({
    method: 'POST',
    path: '/client/v1/:clientKey/feedback',
    auth: 'public',
    summary: 'An app user’s answer to a Feedback popup (the client key is the credential; rate limited).',
    tags: ['delivery'],
    params: clientKeyParamsSchema,
    body: feedbackBodySchema,
    output: feedbackReceiptSchema,
  }),
} as const;
