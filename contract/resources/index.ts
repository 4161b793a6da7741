import { accessLabels } from './access.labels';
import { resourceLabels } from './common.labels';
import { projectsLabels } from './projects.labels';

export * from './define';
export * from './routes';
export * from './projects';
export { accessLabels, projectsLabels, resourceLabels };

/**
 * Every label namespace the resources use, laid out like `contractMessages` (language → namespace →
 * keys), so the console can merge them into its i18next resources in one step.
 */
export const resourceNamespaces = {
  'en-US': { resource: resourceLabels['en-US'], projects: projectsLabels['en-US'], access: accessLabels['en-US'] },
  'zh-CN': { resource: resourceLabels['zh-CN'], projects: projectsLabels['zh-CN'], access: accessLabels['zh-CN'] },
} as const;
