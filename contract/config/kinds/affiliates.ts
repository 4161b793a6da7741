import { z } from 'zod';
import { localizedNameSchema, requiredOrType, urlSchema } from '../../validation';
import { defineConfigKind } from '../define-kind';
import { affiliateLabels } from './affiliates.labels';

/**
 * Affiliates (`/universal-tool/affiliate`): partners and their tracked links. A link is a partner,
 * a campaign (names in any language: 64 characters when they hold Chinese, else 128, as every name
 * of spec §5), the https address the partner shares (at most 2048 characters), its parameters (a
 * key/value list, keys unique) and the common switch `enabled`.
 *
 * The tracked URL the console copies (`trackedUrl`) is the address with the parameters and the
 * link's id as `affiliate_link`; the app opened through it reports that id with
 * `POST /client/v1/{clientKey}/affiliate-opens` (contract/delivery/affiliate.ts), once per device
 * and event. The server counts the rows it stored (server/src/delivery/affiliate.ts), never a
 * number the app sends; the console lists each link's opens and installs from them.
 *
 * A kind rather than a resource: the screen is a declaration like the other universal tools (list,
 * filters, editor, history, CSV export come with it), and a link counts once it is published and
 * enabled, so an operator stops counting a link by disabling and publishing it like any item.
 */

const ns = 'config:affiliates' as const;

/** The query parameter that carries the link's id in its tracked URL (reserved: no parameter may use it). */
export const AFFILIATE_LINK_PARAMETER = 'affiliate_link';

export const affiliateLimits = { parameters: 20, key: 64, value: 512 } as const;

/** A parameter key: letters, digits and `_ . ~ -` (characters a URL carries unencoded). */
const parameterKeySchema = z
  .string({ error: requiredOrType })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(affiliateLimits.key, { error: 'validation.lengthMax' })
  .regex(/^[A-Za-z0-9_.~-]+$/, { error: 'validation.affiliateParameterKey' })
  .refine((key) => key !== AFFILIATE_LINK_PARAMETER, { error: 'validation.affiliateReserved' });

const parameterSchema = z.object({
  key: parameterKeySchema,
  value: z.string({ error: requiredOrType }).trim().max(affiliateLimits.value, { error: 'validation.lengthMax' }).default(''),
});

/** An https address of at most 2048 characters (the URL rule of contract/validation.ts, https only). */
const httpsUrlSchema = urlSchema.refine((url) => url.toLowerCase().startsWith('https://'), { error: 'validation.httpsUrl' });

export const affiliateKind = defineConfigKind({
  name: 'affiliates',
  segment: 'affiliate',
  menu: 'universalTool.affiliate',
  labels: ns,
  texts: affiliateLabels,
  fields: z.object({
    partner: localizedNameSchema,
    campaign: localizedNameSchema,
    url: httpsUrlSchema,
    parameters: z
      .array(parameterSchema)
      .max(affiliateLimits.parameters, { error: 'validation.itemsMax' })
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((parameter, index) => {
          if (seen.has(parameter.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], input: parameter.key, message: 'validation.duplicate' });
          seen.add(parameter.key);
        });
      })
      .default([]),
  }),
  meta: {
    partner: { labelKey: `${ns}.fields.partner`, input: 'text', list: { width: 160 } },
    campaign: { labelKey: `${ns}.fields.campaign`, input: 'text', list: { width: 160 } },
    url: { labelKey: `${ns}.fields.url`, input: 'text', helpKey: `${ns}.help.url` },
    parameters: {
      labelKey: `${ns}.fields.parameters`,
      input: 'list',
      helpKey: `${ns}.help.parameters`,
      items: {
        key: { labelKey: `${ns}.fields.key`, input: 'text' },
        value: { labelKey: `${ns}.fields.value`, input: 'text' },
      },
    },
  },
  initial: () => ({ partner: '', campaign: '', url: '', parameters: [] }),
});

/**
 * The tracked URL of a link: its address with each parameter set (replacing one of the same key the
 * address has) and the link's id as `affiliate_link`. Null while the address is not a valid one.
 */
export function trackedUrl(draft: Record<string, unknown>, linkId: string): string | null {
  const address = httpsUrlSchema.safeParse(draft.url);
  if (!address.success) return null;
  const url = new URL(address.data);
  const parameters = Array.isArray(draft.parameters) ? draft.parameters : [];
  for (const parameter of parameters) {
    if (parameter === null || typeof parameter !== 'object') continue;
    const { key, value } = parameter as { key?: unknown; value?: unknown };
    if (typeof key !== 'string' || key.trim() === '' || key.trim() === AFFILIATE_LINK_PARAMETER) continue;
    url.searchParams.set(key.trim(), typeof value === 'string' ? value.trim() : '');
  }
  url.searchParams.set(AFFILIATE_LINK_PARAMETER, linkId);
  return url.toString();
}
