import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { retentionTypes, type RetentionType } from '@contract/config/kinds/retention-popups';
import { colourOr, mediaSourceOf, PhoneFrame, recordOf, textOf, type PreviewLanguage, type PreviewTheme } from './phone-frame';

/**
 * A retention popup drawn as the app draws it, over a dimmed screen of the app, from a draft that
 * may be incomplete or wrong in any field. Colours that are not valid fall back to the defaults a
 * new popup starts with (the field says what is wrong); a missing text shows a muted placeholder in
 * the console's language. The price is an example in the content's language: the app shows the
 * store's price, in the price colour.
 */

export interface RetentionPopupPreviewProps {
  readonly draft: Readonly<Record<string, unknown>> | null | undefined;
  readonly language: PreviewLanguage;
  readonly theme: PreviewTheme;
}

export interface PreviewRetentionPopup {
  readonly popupType: RetentionType | null;
  readonly mainTitle: string;
  readonly mainTitleColour: string;
  readonly subtitle: string;
  readonly subtitleColour: string;
  readonly backgroundColour: string;
  readonly backgroundImage: string | null;
  readonly priceColour: string;
  readonly subscribe: { readonly text: string; readonly textColour: string; readonly backgroundColour: string };
  readonly close: { readonly text: string; readonly colour: string };
}

/** What the preview draws of a draft; total over any value (never throws). */
export function readRetentionPopup(draft: unknown): PreviewRetentionPopup {
  const popup = recordOf(draft);
  const background = recordOf(popup.background);
  const subscribe = recordOf(popup.subscribeButton);
  const close = recordOf(popup.closeButton);
  return {
    popupType: (retentionTypes as readonly unknown[]).includes(popup.popupType) ? (popup.popupType as RetentionType) : null,
    mainTitle: textOf(popup.mainTitle),
    mainTitleColour: colourOr(popup.mainTitleColour, '#1F2937'),
    subtitle: textOf(popup.subtitle),
    subtitleColour: colourOr(popup.subtitleColour, '#6B7280'),
    backgroundColour: colourOr(background.colour, '#FFFFFF'),
    backgroundImage: mediaSourceOf(background.image),
    priceColour: colourOr(popup.priceColour, '#E11D48'),
    subscribe: { text: textOf(subscribe.text), textColour: colourOr(subscribe.textColour, '#FFFFFF'), backgroundColour: colourOr(subscribe.backgroundColour, '#4361EE') },
    close: { text: textOf(close.text), colour: colourOr(close.colour, '#6B7280') },
  };
}

const useStyles = makeStyles({
  app: { position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', gap: '10px', padding: '12px 14px' },
  block: { borderRadius: '12px', flexShrink: 0 },
  blockLight: { backgroundColor: '#E5E7EB' },
  blockDark: { backgroundColor: '#26262B' },
  scrim: { position: 'absolute', inset: 0, backgroundColor: 'rgba(0, 0, 0, 0.5)' },
  centre: { position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '0 22px' },
  card: {
    position: 'relative',
    boxSizing: 'border-box',
    width: '100%',
    aspectRatio: '3 / 4',
    borderRadius: '20px',
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'flex-end',
    gap: '8px',
    padding: '18px 16px 14px',
    boxShadow: '0 12px 32px rgba(0, 0, 0, 0.35)',
    textAlign: 'center',
  },
  image: { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' },
  text: { position: 'relative', margin: 0, overflowWrap: 'anywhere' },
  title: { fontSize: '20px', fontWeight: 700, lineHeight: '1.2' },
  subtitle: { fontSize: '13px', whiteSpace: 'pre-line' },
  price: { fontSize: '22px', fontWeight: 800, fontVariantNumeric: 'tabular-nums', marginTop: '4px' },
  button: {
    position: 'relative',
    display: 'block',
    padding: '11px 12px',
    borderRadius: '999px',
    fontWeight: 700,
    fontSize: '15px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  close: { position: 'relative', fontSize: '13px', padding: '2px 0' },
  // Italic and dotted, not faded: a faded placeholder would fail contrast on the operator's colours.
  placeholder: { fontStyle: 'italic', textDecorationLine: 'underline', textDecorationStyle: 'dotted' },
});

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** See the module comment. */
export function RetentionPopupPreview({ draft, language, theme }: RetentionPopupPreviewProps) {
  const styles = useStyles();
  const { t: consoleT, i18n } = useTranslation();
  const t = consoleT as Translate;
  const tc = useMemo(() => i18n.getFixedT(language, 'config', 'retentionPopups') as Translate, [i18n, language]);
  const popup = useMemo(() => readRetentionPopup(draft), [draft]);
  const dark = theme === 'dark';
  const block = mergeClasses(styles.block, dark ? styles.blockDark : styles.blockLight);
  return (
    <PhoneFrame label={t('config:retentionPopups.preview.regionLabel')} language={language} theme={theme} testId="retention-preview">
      <div className={styles.app} aria-hidden="true">
        <span className={block} style={{ height: '28px', width: '45%' }} />
        <span className={block} style={{ height: '150px' }} />
        <span className={block} style={{ height: '64px' }} />
        <span className={block} style={{ height: '64px' }} />
      </div>
      <div className={styles.scrim} aria-hidden="true" />
      <div className={styles.centre}>
        <div className={styles.card} style={{ backgroundColor: popup.backgroundColour }} data-testid="retention-card">
          {popup.backgroundImage ? <img className={styles.image} src={popup.backgroundImage} alt="" /> : null}
          <p
            className={mergeClasses(styles.text, styles.title, !popup.mainTitle && styles.placeholder)}
            style={{ color: popup.mainTitleColour }}
            lang={popup.mainTitle ? undefined : i18n.language}
            data-testid="retention-title"
          >
            {popup.mainTitle || t('config:retentionPopups.preview.placeholder.mainTitle')}
          </p>
          {popup.subtitle ? (
            <p className={mergeClasses(styles.text, styles.subtitle)} style={{ color: popup.subtitleColour }} data-testid="retention-subtitle">
              {popup.subtitle}
            </p>
          ) : null}
          <p className={mergeClasses(styles.text, styles.price)} style={{ color: popup.priceColour }} title={tc('preview.samplePriceNote')} data-testid="retention-price">
            {tc('preview.samplePrice')}
          </p>
          <span
            className={mergeClasses(styles.button, !popup.subscribe.text && styles.placeholder)}
            style={{ backgroundColor: popup.subscribe.backgroundColour, color: popup.subscribe.textColour }}
            lang={popup.subscribe.text ? undefined : i18n.language}
            data-testid="retention-subscribe"
          >
            {popup.subscribe.text || t('config:retentionPopups.preview.placeholder.button')}
          </span>
          <span
            className={mergeClasses(styles.close, !popup.close.text && styles.placeholder)}
            style={{ color: popup.close.colour }}
            lang={popup.close.text ? undefined : i18n.language}
            data-testid="retention-close"
          >
            {popup.close.text || t('config:retentionPopups.preview.placeholder.button')}
          </span>
        </div>
      </div>
    </PhoneFrame>
  );
}
