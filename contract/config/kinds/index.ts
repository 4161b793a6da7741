import { affiliateKind } from './affiliates';
import { bannerKind } from './banners';
import { contentTypeKind } from './content-types';
import { installationPackageKind } from './installation-packages';
import { languageKind } from './languages';
import { popupKind } from './popups';
import { regionGroupKind } from './region-groups';
import { retentionPopupKind } from './retention-popups';
import { shieldKind } from './shields';
import { startPageKind } from './start-pages';
import { subscriptionPageKind } from './subscription-pages';
import { trendingKind } from './trending';

export { affiliateKind, bannerKind, contentTypeKind, installationPackageKind, languageKind, popupKind, regionGroupKind, retentionPopupKind, shieldKind, startPageKind, subscriptionPageKind, trendingKind };

/**
 * Every configuration kind, in the Management menu's order. A new kind is its declaration (with its
 * labels) and one entry here; routes, server storage and registration, the console's route, menu,
 * list, editor, history and diff follow from it.
 */
export const configKinds = [
  subscriptionPageKind,
  popupKind,
  bannerKind,
  startPageKind,
  regionGroupKind,
  languageKind,
  retentionPopupKind,
  // Universal tools (their menus' scope puts them under /universal-tool/, in the tools area).
  installationPackageKind,
  affiliateKind,
  trendingKind,
  shieldKind,
  contentTypeKind,
] as const;
export type ConfigKindName = (typeof configKinds)[number]['name'];
