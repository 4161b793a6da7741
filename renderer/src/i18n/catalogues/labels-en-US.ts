import { configLabels } from '@contract/config';
import { resourceNamespaces } from '@contract/resources';

/**
 * The declarations' label namespaces in en-US: `resource`, `projects`, `access`, `system` (every
 * field label, option and menu the resources name) and `config` (every configuration kind's
 * texts). Data only: the build replaces this module by its value (scripts/renderer-precompute.ts),
 * so loading the texts does not load the declarations and their schemas (issue 12's budgets).
 */
export const labels: Readonly<Record<string, object>> = { ...resourceNamespaces['en-US'], config: configLabels['en-US'] };
