import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { startPageSeconds } from '@contract/config/kinds/start-pages';
import { mediaSourceOf, PhoneFrame, recordOf, type PreviewLanguage, type PreviewTheme } from './phone-frame';

/**
 * The start page drawn as the app shows it at launch: full screen, the video playing (muted, with
 * the picture as its poster) or the picture, and when it can be skipped the skip button with the
 * seconds the page shows ("Skip 3" in the content's language). From a draft that may be incomplete
 * or wrong in any field: a display time out of bounds is drawn clamped to them.
 */

export interface StartPagePreviewProps {
  readonly draft: Readonly<Record<string, unknown>> | null | undefined;
  readonly language: PreviewLanguage;
  readonly theme: PreviewTheme;
}

export interface PreviewStartPage {
  readonly image: string | null;
  readonly video: string | null;
  readonly seconds: number;
  readonly skippable: boolean;
}

/** What the preview draws of a draft; total over any value (never throws). */
export function readStartPage(draft: unknown): PreviewStartPage {
  const page = recordOf(draft);
  const seconds = typeof page.displaySeconds === 'number' && Number.isFinite(page.displaySeconds) ? Math.round(page.displaySeconds) : 3;
  return {
    image: mediaSourceOf(page.image),
    video: mediaSourceOf(page.video),
    seconds: Math.min(startPageSeconds.max, Math.max(startPageSeconds.min, seconds)),
    skippable: page.skippable !== false,
  };
}

const useStyles = makeStyles({
  media: { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' },
  placeholder: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '0 24px',
    textAlign: 'center',
    fontStyle: 'italic',
    backgroundColor: '#1F2937',
    color: '#F9FAFB',
  },
  skip: {
    position: 'absolute',
    zIndex: 2,
    top: '52px',
    right: '14px',
    padding: '4px 12px',
    borderRadius: '999px',
    backgroundColor: 'rgba(0, 0, 0, 0.6)',
    color: '#FFFFFF',
    fontSize: '12px',
    fontWeight: 600,
    fontVariantNumeric: 'tabular-nums',
  },
});

/** See the module comment. */
export function StartPagePreview({ draft, language, theme }: StartPagePreviewProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const tc = useMemo(() => i18n.getFixedT(language, 'config', 'startPages'), [i18n, language]);
  const page = useMemo(() => readStartPage(draft), [draft]);
  return (
    <PhoneFrame label={t('config:startPages.preview.regionLabel')} language={language} theme={theme} fullBleed testId="start-page-preview">
      {page.video ? (
        <video className={styles.media} src={page.video} poster={page.image ?? undefined} muted loop autoPlay playsInline aria-hidden="true" data-testid="start-page-video" />
      ) : page.image ? (
        <img className={styles.media} src={page.image} alt="" data-testid="start-page-image" />
      ) : (
        <span className={mergeClasses(styles.placeholder)} lang={i18n.language}>
          {t('config:startPages.preview.placeholder.media')}
        </span>
      )}
      {page.skippable ? (
        <span className={styles.skip} data-testid="start-page-skip">
          {tc('preview.skip', { seconds: page.seconds })}
        </span>
      ) : null}
    </PhoneFrame>
  );
}
