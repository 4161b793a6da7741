import { bannerKind } from './banners';
import { languageKind } from './languages';
import { popupKind } from './popups';
import { regionGroupKind } from './region-groups';
import { retentionPopupKind } from './retention-popups';
import { startPageKind } from './start-pages';
import { subscriptionPageKind } from './subscription-pages';

export { bannerKind, languageKind, popupKind, regionGroupKind, retentionPopupKind, startPageKind, subscriptionPageKind };

/**
 * Every configuration kind, in the Management menu's order. A new kind is its declaration (with its
 * labels) and one entry here; routes, server storage and registration, the console's route, menu,
 * list, editor, history and diff follow from it.
 */
export const configKinds = [subscriptionPageKind, popupKind, bannerKind, startPageKind, regionGroupKind, languageKind, retentionPopupKind] as const;
export type ConfigKindName = (typeof configKinds)[number]['name'];
