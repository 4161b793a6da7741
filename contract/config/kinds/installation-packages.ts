import { z } from 'zod';
import { ErrorCode } from '../../errors';
import { platformSchema } from '../../resources/projects';
import { appVersionSchema, requiredOrType, urlSchema } from '../../validation';
import { defineConfigKind } from '../define-kind';
import { installationPackageLabels } from './installation-packages.labels';

/**
 * Installation packages (`/universal-tool/installation-package`): the installable builds and store
 * links of the app per platform and distribution channel: version, build number, the download or
 * store address (http or https, at most 2048 characters), release notes; the console shows the
 * address as a QR code a phone scans (renderer/src/config/kind-previews.tsx).
 *
 * A kind, not a resource, because the app reads it: the delivery API sends the live packages of
 * the app's platform (the audience), and the app compares its version and build with the newest one
 * of its channel to offer an update with the right store link. An address is used by one package
 * only: a second answers 103002 (spec §8 "duplicate package URL"), compared case-insensitively; an
 * address that is not one is a field error (`validation.url`, `validation.urlLength`) on save and
 * refused on publish with 1000 and the field, as every kind's document.
 */

const ns = 'config:installationPackages' as const;

export const installationPackageLimits = { notes: 2000, build: 2_147_483_647 } as const;

export const installationPackageKind = defineConfigKind({
  name: 'installationPackages',
  segment: 'installation-package',
  menu: 'universalTool.installationPackage',
  labels: ns,
  texts: installationPackageLabels,
  parts: { targeting: true },
  fields: z.object({
    platform: platformSchema,
    channel: z
      .string({ error: requiredOrType })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(64, { error: 'validation.lengthMax' })
      .regex(/^[a-z0-9][a-z0-9_.-]*$/, { error: 'validation.identifier' }),
    version: appVersionSchema,
    buildNumber: z.number({ error: requiredOrType }).int({ error: 'validation.integer' }).min(1, { error: 'validation.rangeMin' }).max(installationPackageLimits.build, { error: 'validation.rangeMax' }),
    url: urlSchema,
    releaseNotes: z.string({ error: 'validation.type' }).trim().max(installationPackageLimits.notes, { error: 'validation.lengthMax' }).optional(),
  }),
  meta: {
    platform: {
      labelKey: `${ns}.fields.platform`,
      input: 'select',
      options: [
        { value: 'ios', labelKey: `${ns}.platforms.ios` },
        { value: 'android', labelKey: `${ns}.platforms.android` },
      ],
      list: { width: 100 },
    },
    channel: { labelKey: `${ns}.fields.channel`, input: 'text', helpKey: `${ns}.help.channel`, list: { width: 120 } },
    version: { labelKey: `${ns}.fields.version`, input: 'text', placeholderKey: `${ns}.placeholders.version`, list: { width: 100 } },
    buildNumber: { labelKey: `${ns}.fields.buildNumber`, input: 'number', list: { width: 100 } },
    url: { labelKey: `${ns}.fields.url`, input: 'text', helpKey: `${ns}.help.url`, list: { width: 280 } },
    releaseNotes: { labelKey: `${ns}.fields.releaseNotes`, input: 'textarea' },
  },
  unique: 'url',
  existsCode: ErrorCode.PackageUrlDuplicate,
  initial: () => ({ platform: 'android', channel: '', version: '' }),
});
