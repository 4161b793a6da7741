import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { popupKind } from '@contract/config';
import type { PopupDocument } from '@contract/config/kinds/popups';
import type { FeedbackBody } from '@contract/delivery/feedback';
import type { FieldErrors } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import type { Database } from '../db/client';
import { configItems, configRevisions } from '../db/schema';
import { findActiveClientKey } from '../domains/client-keys/lookup';
import type { ServerDeps } from '../domains/module';
import { FeedbackRepository } from '../domains/popups/feedback-repository';
import { AppError } from '../errors';
import { registerRoute } from '../http/register-route';
import { ActionCountsRepository } from '../rate-limit/action-counts-repository';
import { ActionLimiter } from '../rate-limit/action-limiter';
import type { LimitTable } from '../rate-limit/action-limits';

/**
 * `POST /client/v1/{clientKey}/feedback` (contract/delivery/feedback.ts): an app user's answer to a
 * Feedback popup.
 *
 * Who may send: whoever holds an active client key, as for the other delivery routes; the app's
 * platform comes from the key, never from the body. What is accepted: an answer to a Feedback popup
 * of the key's project that is live (official or preview: test clients answer too), for a revision
 * of it that exists, shaped as that revision asks (a rating, a choice by index, a text; a comment
 * only where allowed). Anything else is 1000 with field errors, or 108002 for a popup that is not
 * there (another project's, deleted, never published) without saying which.
 *
 * How much: `FEEDBACK_LIMITS`, counted in the database like every costly action (so they hold across
 * servers): per key and client address, which bounds a script on one machine; and per key, user id
 * and popup, which bounds repeated answers of one user (an app that resends on every tap). A refusal
 * is 1006 with `Retry-After`; a refused request is not counted. The address limit is taken before the
 * popup is looked up, so hammering with nonsense costs the sender, not the database.
 */

export const feedbackActions = ['popupFeedbackAddress', 'popupFeedbackUser'] as const;
export type FeedbackAction = (typeof feedbackActions)[number];

const MINUTE_MS = 60_000;

export const FEEDBACK_LIMITS: LimitTable<FeedbackAction> = {
  /** 60 answers per 10 minutes from one address to one app (a shared NAT still fits). */
  popupFeedbackAddress: { count: 60, windowMs: 10 * MINUTE_MS },
  /** 5 answers per day from one user to one popup. */
  popupFeedbackUser: { count: 5, windowMs: 24 * 60 * MINUTE_MS },
};

/** The revision of a live popup of the project that the app says it showed, or null. */
async function answeredRevision(db: Database, projectId: string, popupId: string, revision: number): Promise<PopupDocument | null> {
  const [row] = await db
    .select({ document: configRevisions.document })
    .from(configItems)
    .innerJoin(configRevisions, and(eq(configRevisions.itemId, configItems.id), eq(configRevisions.number, revision)))
    .where(
      and(
        eq(configItems.id, popupId),
        eq(configItems.projectId, projectId),
        eq(configItems.kind, popupKind.name),
        isNull(configItems.deletedAt),
        or(isNotNull(configItems.officialRevision), isNotNull(configItems.previewRevision)),
      ),
    );
  return row ? (row.document as unknown as PopupDocument) : null;
}

/** What in an answer does not fit the popup's question, by field (empty when it fits). */
export function answerProblems(popup: PopupDocument, answer: FeedbackBody['answer']): FieldErrors {
  const problems: FieldErrors = {};
  const wrong = { key: 'validation.feedbackAnswer' };
  const feedback = popup.popupType === 'feedback' ? popup.feedback : undefined;
  if (!feedback) return { popupId: wrong };
  const text = answer.text && answer.text !== '' ? answer.text : undefined;
  if (feedback.answerType === 'rating') {
    if (answer.rating === undefined) problems['answer.rating'] = { key: 'validation.required' };
    if (answer.choice !== undefined) problems['answer.choice'] = wrong;
    if (text !== undefined && !feedback.allowComment) problems['answer.text'] = wrong;
  } else if (feedback.answerType === 'choice') {
    if (answer.choice === undefined) problems['answer.choice'] = { key: 'validation.required' };
    else if (answer.choice >= (feedback.choices?.length ?? 0)) problems['answer.choice'] = wrong;
    if (answer.rating !== undefined) problems['answer.rating'] = wrong;
    if (text !== undefined && !feedback.allowComment) problems['answer.text'] = wrong;
  } else {
    if (text === undefined) problems['answer.text'] = { key: 'validation.required' };
    if (answer.rating !== undefined) problems['answer.rating'] = wrong;
    if (answer.choice !== undefined) problems['answer.choice'] = wrong;
  }
  return problems;
}

/**
 * Mounts the route. Called once by the app (see the module comment); `limits` replaces
 * FEEDBACK_LIMITS in tests only.
 */
export function registerFeedbackRoute(app: FastifyInstance, deps: Pick<ServerDeps, 'db' | 'clock'>, limits: LimitTable<FeedbackAction> = FEEDBACK_LIMITS): void {
  const limiter = new ActionLimiter<FeedbackAction>(new ActionCountsRepository(deps.db), deps.clock, limits);
  const answers = new FeedbackRepository(deps.db);
  registerRoute(app, 'delivery.feedback', async ({ params, body, request }) => {
    const key = await findActiveClientKey(deps.db, params.clientKey);
    if (!key) throw new AppError(ErrorCode.ClientKeyInvalid);
    await limiter.take('popupFeedbackAddress', `${key.keyId}:${request.ip}`);
    const popup = await answeredRevision(deps.db, key.projectId, body.popupId, body.revision);
    if (!popup) throw new AppError(popupKind.notFoundCode);
    const problems = answerProblems(popup, body.answer);
    if (Object.keys(problems).length > 0) throw new AppError(ErrorCode.ParamInvalid, { fieldErrors: problems });
    await limiter.take('popupFeedbackUser', `${key.keyId}:${body.userId}:${body.popupId}`);
    const choice = body.answer.choice ?? null;
    const id = await answers.insert({
      projectId: key.projectId,
      popupId: body.popupId,
      appId: key.appId,
      revision: body.revision,
      userId: body.userId,
      rating: body.answer.rating ?? null,
      choice,
      choiceText: choice === null ? null : (popup.feedback?.choices?.[choice] ?? null),
      text: body.answer.text && body.answer.text !== '' ? body.answer.text : null,
      platform: key.platform,
      appVersion: body.version ?? null,
      language: body.language ?? null,
      at: deps.clock(),
    });
    return { id };
  });
}
