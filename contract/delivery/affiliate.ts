import { z } from 'zod';
import { defineRoute } from '../api/route';
import { idSchema } from '../resources/define';
import { requiredOrType } from '../validation';
import { clientKeyParamsSchema } from './routes';

/**
 * An open or install through an affiliate link, reported by the app:
 * `POST /client/v1/{clientKey}/affiliate-opens` with `{ linkId, deviceId, event }`.
 *
 * The client key in the path is the credential, as on every delivery route. The link is the id the
 * app was opened with (`affiliate_link` in the tracked URL, contract/config/kinds/affiliates.ts); it
 * must be an affiliate link of the key's project that is live (published) and enabled, else 108002
 * without saying which. Each (link, device, event) counts once: a repeat is answered 200 with
 * `counted: false` and changes nothing, however many arrive at once. The count is the number of
 * stored reports; nothing the app sends is taken as a number. Requests are rate limited per client
 * address with the key like the configuration routes (1006 with `Retry-After`); a body that does
 * not fit is 1000 with field errors; an unknown or revoked key 105015.
 */

export const affiliateEvents = ['open', 'install'] as const;
export type AffiliateEvent = (typeof affiliateEvents)[number];

/** An install's id chosen by the app (an IDFV, an Android app-set id, a generated UUID): 1 to 128 of `A-Z a-z 0-9 . _ - : @`. */
export const deviceIdSchema = z
  .string({ error: requiredOrType })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(128, { error: 'validation.lengthMax' })
  .regex(/^[A-Za-z0-9._:@-]+$/, { error: 'validation.deviceId' });

export const affiliateReportSchema = z.object({
  linkId: idSchema,
  deviceId: deviceIdSchema,
  event: z.enum(affiliateEvents, { error: 'validation.enum' }),
});
export type AffiliateReport = z.infer<typeof affiliateReportSchema>;

/** Whether this report was counted (false: this device had reported this event for this link before). */
export const affiliateReceiptSchema = z.object({ counted: z.boolean() });

export const affiliateDeliveryRoutes = {
  'delivery.affiliateOpens': defineRoute({
    method: 'POST',
    path: '/client/v1/:clientKey/affiliate-opens',
    auth: 'public',
    summary: 'An open or install through an affiliate link, once per device and event (the client key is the credential; rate limited).',
    tags: ['delivery'],
    params: clientKeyParamsSchema,
    body: affiliateReportSchema,
    output: affiliateReceiptSchema,
  }),
} as const;
