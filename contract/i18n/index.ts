import { enUS } from './en-US';
import { zhCN } from './zh-CN';

export * from './keys';
export { enUS, type ContractMessages } from './en-US';
export { zhCN } from './zh-CN';

/** The languages the console offers (spec: en-US default, zh-CN). */
export const contractLanguages = ['en-US', 'zh-CN'] as const;
export type ContractLanguage = (typeof contractLanguages)[number];

/**
 * The contract's messages by language, laid out as i18next `resources` (language → namespace → key),
 * so `i18next.init({ resources: contractMessages })` loads them; merge domain namespaces beside them.
 */
export const contractMessages = { 'en-US': enUS, 'zh-CN': zhCN } as const;
