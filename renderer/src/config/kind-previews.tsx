import { makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ComponentType } from 'react';
import { PreviewToolbar } from './preview-toolbar';
import { SubscriptionPagePreview } from './subscription-preview';

const useStyles = makeStyles({ column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'center' } });

/** The subscription page editor's live preview: the phone frame with its language and theme switches. */
function SubscriptionPagePreviewPanel({ draft }: { readonly draft: Record<string, unknown> }) {
  const styles = useStyles();
  const [language, setLanguage] = useState<'en-US' | 'zh-CN'>('en-US');
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
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
