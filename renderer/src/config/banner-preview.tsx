import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { Home20Regular, MusicNote220Regular, Person20Regular, Sparkle20Regular } from '@fluentui/react-icons';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bannerPositions, textPlacements, type BannerPosition } from '@contract/config/kinds/banners';
import { colourOr, isVideoPath, mediaSourceOf, PhoneFrame, recordOf, textOf, type PreviewLanguage, type PreviewTheme } from './phone-frame';

/**
 * A banner drawn where the app draws it: on the home screen's carousel or in its feed, on the
 * templates page or the profile page, with its picture or playing video, the text layer over it,
 * the "take the same" button and paragraph, and the music it comes with. From a draft that may be
 * incomplete or wrong in any field; the app's own texts (tab names, "3 songs") are in the content's
 * language, placeholders in the console's.
 */

export interface BannerPreviewProps {
  readonly draft: Readonly<Record<string, unknown>> | null | undefined;
  readonly language: PreviewLanguage;
  readonly theme: PreviewTheme;
}

export interface PreviewBanner {
  readonly position: BannerPosition;
  readonly media: { readonly src: string; readonly video: boolean } | null;
  readonly textLayer: { readonly title: string; readonly subtitle: string; readonly colour: string; readonly placement: (typeof textPlacements)[number] } | null;
  readonly takeTheSame: { readonly buttonText: string; readonly paragraph: string } | null;
  readonly hasDefaultMusic: boolean;
  /** Names of the music list's pieces (empty names left out). */
  readonly music: readonly string[];
}

/** What the preview draws of a draft; total over any value (never throws). */
export function readBanner(draft: unknown): PreviewBanner {
  const banner = recordOf(draft);
  const src = mediaSourceOf(banner.media);
  const layer = recordOf(banner.textLayer);
  const title = textOf(layer.title);
  const subtitle = textOf(layer.subtitle);
  const same = recordOf(banner.takeTheSame);
  const buttonText = textOf(same.buttonText);
  const paragraph = textOf(same.paragraph);
  const templateId = textOf(same.templateId);
  const list = Array.isArray(banner.musicList) ? banner.musicList : [];
  return {
    position: (bannerPositions as readonly unknown[]).includes(banner.position) ? (banner.position as BannerPosition) : 'homeTop',
    media: src ? { src, video: isVideoPath(src) } : null,
    textLayer:
      title || subtitle
        ? { title, subtitle, colour: colourOr(layer.colour, '#FFFFFF'), placement: (textPlacements as readonly unknown[]).includes(layer.placement) ? (layer.placement as (typeof textPlacements)[number]) : 'bottom' }
        : null,
    takeTheSame: buttonText || paragraph || templateId ? { buttonText, paragraph } : null,
    hasDefaultMusic: mediaSourceOf(banner.defaultMusic) !== null,
    music: list.map((entry) => textOf(recordOf(entry).name)).filter((name) => name !== ''),
  };
}

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '10px', padding: '4px 14px 0', flexGrow: 1, minHeight: 0, overflow: 'hidden' },
  heading: { margin: 0, fontSize: '22px', fontWeight: 700 },
  profile: { display: 'flex', alignItems: 'center', gap: '10px' },
  avatar: { width: '44px', height: '44px', borderRadius: '22px', flexShrink: 0 },
  block: { borderRadius: '12px', flexShrink: 0 },
  blockLight: { backgroundColor: '#E5E7EB' },
  blockDark: { backgroundColor: '#26262B' },
  feedRow: { display: 'flex', gap: '10px' },
  banner: { position: 'relative', flexShrink: 0, width: '100%', aspectRatio: '2 / 1', borderRadius: '14px', overflow: 'hidden', backgroundColor: '#374151' },
  media: { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' },
  mediaPlaceholder: { position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#F9FAFB', fontStyle: 'italic', border: '1px dashed #9CA3AF', borderRadius: '14px' },
  layer: { position: 'absolute', left: '12px', right: '12px', display: 'flex', flexDirection: 'column', gap: '2px', textShadow: '0 1px 3px rgba(0, 0, 0, 0.55)' },
  layerTop: { top: '10px' },
  layerCenter: { top: '50%', transform: 'translateY(-50%)' },
  layerBottom: { bottom: '10px' },
  /** A bottom text layer sits above the take-the-same button instead of running under it. */
  layerAboveButton: { bottom: '48px' },
  layerTitle: { margin: 0, fontSize: '16px', fontWeight: 700, lineHeight: '1.2', overflowWrap: 'anywhere' },
  layerSubtitle: { margin: 0, fontSize: '12px', overflowWrap: 'anywhere' },
  sameButton: {
    position: 'absolute',
    right: '10px',
    bottom: '10px',
    boxSizing: 'border-box',
    maxWidth: '128px',
    padding: '5px 10px',
    borderRadius: '999px',
    backgroundColor: '#FFFFFF',
    color: '#111827',
    fontSize: '12px',
    fontWeight: 700,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  dots: { display: 'flex', justifyContent: 'center', gap: '5px', marginTop: '-4px' },
  dot: { width: '6px', height: '6px', borderRadius: '3px', backgroundColor: '#9CA3AF' },
  dotOn: { width: '14px', backgroundColor: '#4361EE' },
  paragraph: { margin: 0, fontSize: '12px', whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
  music: { display: 'flex', alignItems: 'center', gap: '6px', margin: 0, fontSize: '12px', fontWeight: 600 },
  musicLight: { color: '#4338CA' },
  musicDark: { color: '#A5B4FC' },
  tabs: { flexShrink: 0, display: 'flex', justifyContent: 'space-around', padding: '6px 0 24px', fontSize: '11px' },
  tabsLight: { backgroundColor: '#FFFFFF', borderTop: '1px solid #E5E7EB' },
  tabsDark: { backgroundColor: '#18181C', borderTop: '1px solid #2C2C30' },
  tab: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2px' },
  tabOnLight: { color: '#4338CA', fontWeight: 700 },
  tabOnDark: { color: '#A5B4FC', fontWeight: 700 },
  placeholder: { fontStyle: 'italic' },
});

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Tab = 'home' | 'templates' | 'profile';

const tabOf: Readonly<Record<BannerPosition, Tab>> = { homeTop: 'home', homeFeed: 'home', templates: 'templates', profile: 'profile' };
const tabIcons: Readonly<Record<Tab, ReactNode>> = { home: <Home20Regular />, templates: <Sparkle20Regular />, profile: <Person20Regular /> };

/** See the module comment. */
export function BannerPreview({ draft, language, theme }: BannerPreviewProps) {
  const styles = useStyles();
  const { t: consoleT, i18n } = useTranslation();
  const t = consoleT as Translate;
  const tc = useMemo(() => i18n.getFixedT(language, 'config', 'banners') as Translate, [i18n, language]);
  const banner = useMemo(() => readBanner(draft), [draft]);
  const dark = theme === 'dark';
  const block = mergeClasses(styles.block, dark ? styles.blockDark : styles.blockLight);
  const tab = tabOf[banner.position];
  const layer = banner.textLayer;
  const placement = layer?.placement === 'top' ? styles.layerTop : layer?.placement === 'center' ? styles.layerCenter : styles.layerBottom;

  const card = (
    <div className={styles.banner} data-testid="banner-card" data-position={banner.position}>
      {banner.media?.video ? (
        <video className={styles.media} src={banner.media.src} muted loop autoPlay playsInline aria-hidden="true" />
      ) : banner.media ? (
        <img className={styles.media} src={banner.media.src} alt="" />
      ) : (
        <span className={styles.mediaPlaceholder} lang={i18n.language}>
          {t('config:banners.preview.placeholder.media')}
        </span>
      )}
      {layer ? (
        <div className={mergeClasses(styles.layer, placement, banner.takeTheSame !== null && layer.placement === 'bottom' && styles.layerAboveButton)} style={{ color: layer.colour }} data-testid="banner-text-layer">
          {layer.title ? <p className={styles.layerTitle}>{layer.title}</p> : null}
          {layer.subtitle ? <p className={styles.layerSubtitle}>{layer.subtitle}</p> : null}
        </div>
      ) : null}
      {banner.takeTheSame ? (
        <span className={mergeClasses(styles.sameButton, !banner.takeTheSame.buttonText && styles.placeholder)} lang={banner.takeTheSame.buttonText ? undefined : i18n.language} data-testid="banner-take-the-same">
          {banner.takeTheSame.buttonText || t('config:banners.preview.placeholder.button')}
        </span>
      ) : null}
    </div>
  );

  const musicCount = banner.music.length;
  // What plays when the template opens: the default music, else the list's first piece.
  const nowPlaying = banner.hasDefaultMusic ? tc('preview.defaultMusic') : (banner.music[0] ?? null);
  const extras = (
    <>
      {banner.takeTheSame?.paragraph ? <p className={styles.paragraph}>{banner.takeTheSame.paragraph}</p> : null}
      {nowPlaying !== null ? (
        <p className={mergeClasses(styles.music, dark ? styles.musicDark : styles.musicLight)} data-testid="banner-music">
          <MusicNote220Regular aria-hidden="true" />
          <span>
            {tc('preview.nowPlaying', { name: nowPlaying })}
            {musicCount > 0 ? ` · ${tc('preview.songs', { count: musicCount })}` : ''}
          </span>
        </p>
      ) : null}
    </>
  );

  return (
    <PhoneFrame label={t('config:banners.preview.regionLabel')} language={language} theme={theme} testId="banner-preview">
      <div className={styles.page}>
        <p className={styles.heading}>{tc(`preview.${tab}`)}</p>
        {banner.position === 'profile' ? (
          <div className={styles.profile} aria-hidden="true">
            <span className={mergeClasses(styles.avatar, dark ? styles.blockDark : styles.blockLight)} />
            <span className={block} style={{ height: '14px', width: '40%' }} />
          </div>
        ) : null}
        {banner.position === 'homeFeed' ? (
          <div className={styles.feedRow} aria-hidden="true">
            <span className={block} style={{ height: '120px', flexGrow: 1 }} />
            <span className={block} style={{ height: '120px', flexGrow: 1 }} />
          </div>
        ) : null}
        {banner.position === 'templates' ? <span className={block} style={{ height: '30px' }} aria-hidden="true" /> : null}
        {card}
        {banner.position === 'homeTop' ? (
          <div className={styles.dots} aria-hidden="true">
            <span className={mergeClasses(styles.dot, styles.dotOn)} />
            <span className={styles.dot} />
            <span className={styles.dot} />
          </div>
        ) : null}
        {extras}
        <div className={styles.feedRow} aria-hidden="true">
          <span className={block} style={{ height: '140px', flexGrow: 1 }} />
          <span className={block} style={{ height: '140px', flexGrow: 1 }} />
        </div>
      </div>
      <div className={mergeClasses(styles.tabs, dark ? styles.tabsDark : styles.tabsLight)}>
        {(['home', 'templates', 'profile'] as const).map((name) => (
          <span key={name} className={mergeClasses(styles.tab, name === tab && (dark ? styles.tabOnDark : styles.tabOnLight))} data-current={name === tab || undefined}>
            {tabIcons[name]}
            {tc(`preview.${name}`)}
          </span>
        ))}
      </div>
    </PhoneFrame>
  );
}
