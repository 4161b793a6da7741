import { z } from 'zod';
import { environmentSchema } from '../config/define-kind';
import { interruptionBudgetSchema } from '../config/interruption-budget';
import { listPageSchema, listQuerySchema } from '../envelope';
import { withAccess } from '../permissions';
import { actorSchema } from '../resources/define';
import { platformSchema } from '../resources/projects';
import { projectItemParamsSchema, projectParamsSchema } from '../resources/routes';
import { defineRoute } from './route';

/**
 * The console's routes around popups beyond the kind's own (contract/config/kinds/popups.ts):
 *
 * | id                       | method | path (under /api/v1/projects/:projectId)   | access          |
 * |--------------------------|--------|--------------------------------------------|-----------------|
 * | `interruptionBudget.get` | GET    | /interruption-budget                       | project read    |
 * | `interruptionBudget.set` | PUT    | same; `version` required (108007 stale)    | project write   |
 * | `popupPreview.live`      | GET    | /popup-preview?environment=                | management read |
 * | `popupFeedback.list`     | GET    | /config/popup/:id/feedback                 | management read |
 * | `popupFeedback.export`   | GET    | /config/popup/:id/feedback/export          | management read |
 *
 * The budget is a project setting (like the approval policies): every member reads it, owners and
 * admins change it. The popup preview reads what is live in one environment (the published popups,
 * the region groups, the budget) and chooses in the console with contract/config/popup-choice.ts,
 * the function the app SDKs implement; so its reasons are that function's, not the console's.
 */

const projectRead = { scope: 'project', area: 'project', level: 'read' } as const;
const projectWrite = { scope: 'project', area: 'project', level: 'write' } as const;
const managementRead = { scope: 'project', area: 'management', level: 'read' } as const;

/** The budget as the console reads it; version 1 and no caps before the first change. */
export const interruptionBudgetSettingSchema = z.object({
  perSession: z.number().int().nullable(),
  perDay: z.number().int().nullable(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: actorSchema,
});
export type InterruptionBudgetSetting = z.infer<typeof interruptionBudgetSettingSchema>;

export const interruptionBudgetUpdateSchema = interruptionBudgetSchema.and(z.object({ version: z.number({ error: 'validation.required' }).int().min(1) }));

export const popupPreviewQuerySchema = z.object({ environment: environmentSchema.default('official') });

/** One popup live in the environment: its published revision's document. */
export const livePopupSchema = z.object({
  id: z.string(),
  name: z.string(),
  revision: z.number().int(),
  document: z.record(z.string(), z.unknown()),
});
export type LivePopupItem = z.infer<typeof livePopupSchema>;

export const popupPreviewSchema = z.object({
  environment: environmentSchema,
  popups: z.array(livePopupSchema),
  /** The region groups live in the environment: id → region codes. */
  regionGroups: z.record(z.string(), z.array(z.string())),
  budget: interruptionBudgetSettingSchema,
});
export type PopupPreviewData = z.infer<typeof popupPreviewSchema>;

/** One answer to a Feedback popup, as the console lists it. */
export const feedbackAnswerSchema = z.object({
  id: z.string(),
  at: z.string(),
  userId: z.string(),
  revision: z.number().int(),
  rating: z.number().int().nullable(),
  choice: z.number().int().nullable(),
  choiceText: z.string().nullable(),
  text: z.string().nullable(),
  platform: platformSchema,
  appVersion: z.string().nullable(),
  language: z.string().nullable(),
});
export type FeedbackAnswer = z.infer<typeof feedbackAnswerSchema>;

export const feedbackQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });

export const feedbackPageSchema = listPageSchema(feedbackAnswerSchema).extend({
  /** Over every answer of the popup: how many, and the mean rating (null without ratings). */
  summary: z.object({ answers: z.number().int(), averageRating: z.number().nullable() }),
});

/** The most answers one export holds; the newest are kept when there are more. */
export const FEEDBACK_EXPORT_MAX_ROWS = 50_000;

export const feedbackExportSchema = z.object({
  fileName: z.string(),
  /** UTF-8 text with a byte-order mark (spreadsheets then read Chinese right), CRLF line ends. */
  csv: z.string(),
  rows: z.number().int(),
  /** Whether older answers were left out (more than FEEDBACK_EXPORT_MAX_ROWS). */
  truncated: z.boolean(),
});

const tags = ['popups'];

export const popupRoutes = {
  'interruptionBudget.get': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/interruption-budget',
      auth: 'user',
      summary: 'The project’s interruption budget: interruptions per session and per day one app user gets at most (null: no cap).',
      tags,
      params: projectParamsSchema,
      output: interruptionBudgetSettingSchema,
    }),
    projectRead,
  ),
  'interruptionBudget.set': withAccess(
    defineRoute({
      method: 'PUT',
      path: '/api/v1/projects/:projectId/interruption-budget',
      auth: 'user',
      summary: 'Change the interruption budget, based on its version (108007 when another change came first).',
      tags,
      params: projectParamsSchema,
      body: interruptionBudgetUpdateSchema,
      output: interruptionBudgetSettingSchema,
    }),
    projectWrite,
  ),
  'popupPreview.live': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/popup-preview',
      auth: 'user',
      summary: 'What the popup preview chooses from: the popups and region groups live in an environment, and the interruption budget.',
      tags,
      params: projectParamsSchema,
      query: popupPreviewQuerySchema,
      output: popupPreviewSchema,
    }),
    managementRead,
  ),
  'popupFeedback.list': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/config/popup/:id/feedback',
      auth: 'user',
      summary: 'The answers app users gave to a Feedback popup, newest first, with their count and mean rating.',
      tags,
      params: projectItemParamsSchema,
      query: feedbackQuerySchema,
      output: feedbackPageSchema,
    }),
    managementRead,
  ),
  'popupFeedback.export': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/config/popup/:id/feedback/export',
      auth: 'user',
      summary: `A popup's answers as CSV, newest first (at most ${FEEDBACK_EXPORT_MAX_ROWS}).`,
      tags,
      params: projectItemParamsSchema,
      output: feedbackExportSchema,
    }),
    managementRead,
  ),
} as const;
