import { makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useInterfaceSettings } from '../settings/settings-context';
import { PreviewToolbar } from './preview-toolbar';
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
 * Custom previews of kinds that have one, by kind name: the one place a kind adds console code.
 * The editor draws the preview beside the generic form and passes the draft as it is typed.
 */
export const kindPreviews: Readonly<Record<string, ComponentType<{ readonly draft: Record<string, unknown> }>>> = {
  subscriptionPages: SubscriptionPagePreviewPanel,
};
