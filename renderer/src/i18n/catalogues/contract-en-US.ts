import { enUS } from '@contract/i18n/en-US';

/**
 * The contract's namespaces in en-US (errors, validation, http, units, operators): loaded with a
 * form's rules. Data only: the build replaces this module by its value (scripts/renderer-
 * precompute.ts), so it does not load the validation rules its texts mention (issue 12's budgets).
 */
export const messages: Readonly<Record<string, object>> = enUS;
