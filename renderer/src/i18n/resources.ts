import { configLabels } from '@contract/config';
import { contractMessages } from '@contract/i18n';
import { resourceNamespaces } from '@contract/resources';
import enAccount from './en-US/account';
import enAuth from './en-US/auth';
import enCommon from './en-US/common';
import enCommercePages from './en-US/commerce-pages';
import enConfigPages from './en-US/config-pages';
import enConfigUi from './en-US/config-ui';
import enLayout from './en-US/layout';
import enLegal from './en-US/legal';
import enMedia from './en-US/media';
import enOffline from './en-US/offline';
import enPages from './en-US/pages';
import enPopupPages from './en-US/popup-pages';
import enProjectPages from './en-US/project-pages';
import enResources from './en-US/resources';
import enSettings from './en-US/settings';
import enSystemPages from './en-US/system-pages';
import zhAccount from './zh-CN/account';
import zhAuth from './zh-CN/auth';
import zhCommon from './zh-CN/common';
import zhCommercePages from './zh-CN/commerce-pages';
import zhConfigPages from './zh-CN/config-pages';
import zhConfigUi from './zh-CN/config-ui';
import zhLayout from './zh-CN/layout';
import zhLegal from './zh-CN/legal';
import zhMedia from './zh-CN/media';
import zhOffline from './zh-CN/offline';
import zhPages from './zh-CN/pages';
import zhPopupPages from './zh-CN/popup-pages';
import zhProjectPages from './zh-CN/project-pages';
import zhResources from './zh-CN/resources';
import zhSettings from './zh-CN/settings';
import zhSystemPages from './zh-CN/system-pages';
import type { TranslatedLocale } from './locales';
import type { Translation } from './translation';

/** The renderer's own namespaces in English: the source every translation is checked against. */
export const enUSMessages = {
  common: enCommon,
  auth: enAuth,
  layout: enLayout,
  settings: enSettings,
  account: enAccount,
  pages: enPages,
  legal: enLegal,
  media: enMedia,
  offline: enOffline,
  resources: enResources,
  projectPages: enProjectPages,
  configUi: enConfigUi,
  configPages: enConfigPages,
  popupPages: enPopupPages,
  commercePages: enCommercePages,
  systemPages: enSystemPages,
} as const;

export type RendererNamespace = keyof typeof enUSMessages;

/** The same namespaces in Chinese, typed so no key can be missing or extra. */
export const zhCNMessages: { readonly [N in RendererNamespace]: Translation<(typeof enUSMessages)[N]> } = {
  common: zhCommon,
  auth: zhAuth,
  layout: zhLayout,
  settings: zhSettings,
  account: zhAccount,
  pages: zhPages,
  legal: zhLegal,
  media: zhMedia,
  offline: zhOffline,
  resources: zhResources,
  projectPages: zhProjectPages,
  configUi: zhConfigUi,
  configPages: zhConfigPages,
  popupPages: zhPopupPages,
  commercePages: zhCommercePages,
  systemPages: zhSystemPages,
};

/** The renderer's namespaces by locale. */
export const rendererMessages: Readonly<Record<TranslatedLocale, Readonly<Record<RendererNamespace, object>>>> = {
  'en-US': enUSMessages,
  'zh-CN': zhCNMessages,
};

/**
 * Every namespace the console loads: the renderer's, the contract's (errors, validation, http, ...)
 * and the resources' label namespaces (`resource`, `projects`, `access`: the texts of every field
 * label, option and menu the declarations name) and the configuration kinds' `config` namespace
 * (every kind's field labels, options and the texts its preview shows).
 */
export function buildResources(): Record<TranslatedLocale, Record<string, object>> {
  return {
    'en-US': { ...contractMessages['en-US'], ...resourceNamespaces['en-US'], config: configLabels['en-US'], ...rendererMessages['en-US'] },
    'zh-CN': { ...contractMessages['zh-CN'], ...resourceNamespaces['zh-CN'], config: configLabels['zh-CN'], ...rendererMessages['zh-CN'] },
  };
}
