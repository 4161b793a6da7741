import { languageKind } from './languages';
import { regionGroupKind } from './region-groups';
import { subscriptionPageKind } from './subscription-pages';

export { languageKind, regionGroupKind, subscriptionPageKind };

/**
 * Every configuration kind, in the Management menu's order. A new kind is its declaration (with its
 * labels) and one entry here; routes, server storage and registration, the console's route, menu,
 * list, editor, history and diff follow from it.
 */
export const configKinds = [subscriptionPageKind, regionGroupKind, languageKind] as const;
export type ConfigKindName = (typeof configKinds)[number]['name'];
