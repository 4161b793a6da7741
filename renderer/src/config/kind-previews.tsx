import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useState, type ComponentType } from 'react';
import type { ConfigItem } from '@contract/config';
import { useTranslation } from 'react-i18next';
import { urlSchema } from '@contract/validation';
import { PreviewQrCode } from '../resources/projects/preview-card';
import { useInterfaceSettings } from '../settings/settings-context';
import { PreviewToolbar } from './preview-toolbar';
import { FeedbackAnswers } from './popups/feedback-answers';
import { PopupPhone } from './popups/popup-phone';
import { BannerPreview } from './banner-preview';
import { RetentionPopupPreview } from './retention-preview';
import { StartPagePreview } from './start-page-preview';
import type { PreviewLanguage, PreviewTheme } from './phone-frame';
import { SubscriptionPagePreview } from './subscription-preview';

const useStyles = makeStyles({ column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'center' } });

/** The subscription page editor's live preview: the phone frame with its language and theme switches. */
function SubscriptionPagePreviewPanel({ draft }: { readonly draft: Record<string, unknown> }) {
  const styles = useStyles();
  const { i18n } = useTranslation();
  // The content's language starts as the console's (an operator checks the texts they read first).
  const [language, setLanguage] = useState<'en-US' | 'zh-CN'>(i18n.language.startsWith('zh') ? 'zh-CN' : 'en-US');
  const { settings } = useInterfaceSettings();
  const [theme, setTheme] = useState<'light' | 'dark'>(settings.pageStyle);
  return (
    <div className={styles.column}>
      <PreviewToolbar language={language} theme={theme} onLanguageChange={setLanguage} onThemeChange={setTheme} />
      <SubscriptionPagePreview draft={draft} language={language} theme={theme} />
    </div>
  );
}

/**
 * A kind's live preview with the same switches as the subscription page's: content language (the
 * console's to start with) and the phone's appearance (the console's page style to start with).
 */
function phonePreviewPanel(Preview: ComponentType<{ readonly draft: Record<string, unknown>; readonly language: PreviewLanguage; readonly theme: PreviewTheme }>) {
  return function PhonePreviewPanel({ draft }: { readonly draft: Record<string, unknown> }) {
    const styles = useStyles();
    const { i18n } = useTranslation();
    const [language, setLanguage] = useState<PreviewLanguage>(i18n.language.startsWith('zh') ? 'zh-CN' : 'en-US');
    const { settings } = useInterfaceSettings();
    const [theme, setTheme] = useState<PreviewTheme>(settings.pageStyle);
    return (
      <div className={styles.column}>
        <PreviewToolbar language={language} theme={theme} onLanguageChange={setLanguage} onThemeChange={setTheme} />
        <Preview draft={draft} language={language} theme={theme} />
      </div>
    );
  };
}

/** An installation package's link as the QR code a phone scans (the preview links' QR, preview-card.tsx), once it is a valid link. */
function InstallationPackageQr({ draft }: { readonly draft: Record<string, unknown> }) {
  const { t } = useTranslation(['config']);
  const styles = useStyles();
  const url = urlSchema.safeParse(draft.url);
  return (
    <div className={styles.column}>
      {url.success ? <PreviewQrCode text={url.data} label={t('config:installationPackages.qr')} /> : <Text>{t('config:installationPackages.noLink')}</Text>}
    </div>
  );
}

/**
 * Custom previews of kinds that have one, by kind name: the one place a kind adds console code.
 * The editor draws the preview beside the generic form and passes the draft as it is typed.
 */
export const kindPreviews: Readonly<Record<string, ComponentType<{ readonly draft: Record<string, unknown> }>>> = {
  subscriptionPages: SubscriptionPagePreviewPanel,
  popups: phonePreviewPanel(PopupPhone),
  retentionPopups: phonePreviewPanel(RetentionPopupPreview),
  banners: phonePreviewPanel(BannerPreview),
  startPages: phonePreviewPanel(StartPagePreview),
  installationPackages: InstallationPackageQr,
};

/** A tab of a kind's editor beside Edit, Changes and History (a Feedback popup's answers). */
export interface KindTab {
  readonly id: string;
  readonly labelKey: string;
  readonly component: ComponentType<{ readonly projectId: string; readonly item: ConfigItem }>;
}

/** The further tabs of kinds that have some, by kind name. */
export const kindTabs: Readonly<Record<string, readonly KindTab[]>> = {
  popups: [{ id: 'answers', labelKey: 'popupPages:answers.tab', component: FeedbackAnswers }],
};
