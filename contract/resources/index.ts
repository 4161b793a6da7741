import { accessLabels } from './access.labels';
import { resourceLabels } from './common.labels';
import type { ServedResource } from './define';
import { projectsLabels } from './projects.labels';
import { appResource, entitlementResource, offeringResource, roleResource, skuResource, teamResource, webhookResource } from './projects';
import { countryResource, languageResource } from './system';
import { systemLabels } from './system.labels';

export * from './define';
export * from './routes';
export * from './projects';
export * from './system';
export { accessLabels, projectsLabels, resourceLabels, systemLabels };

/**
 * Every served resource (one with `wiring`): the server derives the meanings of their unique indexes
 * from this list, and tests check each against its table, labels and routes. A new resource adds
 * itself here.
 */
export const servedResources: readonly ServedResource[] = [
  appResource,
  skuResource,
  entitlementResource,
  offeringResource,
  webhookResource,
  teamResource,
  roleResource,
  countryResource,
  languageResource,
];

/**
 * Every label namespace the resources use, laid out like `contractMessages` (language → namespace →
 * keys), so the console can merge them into its i18next resources in one step.
 */
export const resourceNamespaces = {
  'en-US': { resource: resourceLabels['en-US'], projects: projectsLabels['en-US'], access: accessLabels['en-US'], system: systemLabels['en-US'] },
  'zh-CN': { resource: resourceLabels['zh-CN'], projects: projectsLabels['zh-CN'], access: accessLabels['zh-CN'], system: systemLabels['zh-CN'] },
} as const;
