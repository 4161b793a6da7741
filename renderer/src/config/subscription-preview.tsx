import { makeStyles, mergeClasses } from '@fluentui/react-components';
import {
  CheckmarkCircle20Filled,
  Circle20Regular,
  Dismiss20Regular,
  Image24Regular,
  Timer16Regular,
} from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appPalette, planPeriods } from '@contract/config/kinds/subscription-pages';
import { mediaPreviewPath } from '@contract/media';
import { percentOff } from '@contract/validation';
import { PhoneFrame, type PreviewLanguage, type PreviewTheme } from './phone-frame';
import { VisuallyHidden } from '../components/visually-hidden';

/**
 * A subscription page (paywall) drawn as the app draws it, inside a phone, from a draft that may be
 * incomplete or wrong in any field: the editor passes what the operator is typing. Nothing here
 * throws on a draft; a missing text shows a muted placeholder in the console's language, an
 * unusable file shows nothing (or an image placeholder where the page has a picture slot).
 *
 * Two languages are at play: the page's own texts (period names, "20% off", "time left") are in the
 * previewed content language, through the contract's `config` namespace fixed to that language,
 * while the placeholders and the region's name are console texts in the console's language.
 *
 * The preview is a picture, not a form: nothing in it is focusable or clickable, so it adds no tab
 * stop; its texts stay readable by screen readers, inside one labelled region.
 */

export interface SubscriptionPagePreviewProps {
  /** The page's document as typed: any field may be missing or invalid. */
  readonly draft: Readonly<Record<string, unknown>> | null | undefined;
  /** The language of the page's own texts (the app's), whatever the console's language. */
  readonly language: PreviewLanguage;
  /** The phone's appearance: its frame and the sheet, never the palette colours of the page. */
  readonly theme: PreviewTheme;
  /** A fixed instant to draw at (tests, screenshots); without it a countdown follows the clock. */
  readonly now?: Date | number;
}

// ---------------------------------------------------------------------------------------------
// Reading a draft

export interface PreviewPlan {
  readonly period: (typeof planPeriods)[number] | null;
  readonly freeTrialDays: number;
  /** A discount that means something (above 0, below 1); null otherwise. */
  readonly discount: number | null;
  readonly discountDescription: string;
  readonly highlighted: boolean;
}

export interface PreviewPage {
  readonly pageType: string | null;
  readonly title: string;
  readonly subtitle: string;
  readonly backgroundColour: string;
  readonly textColour: string;
  /** Preview addresses (on the console's own origin) of the page's files, null when unusable. */
  readonly titleBackgroundImage: string | null;
  readonly image: string | null;
  /** Whether the draft names an image at all (a placeholder shows when it cannot be drawn). */
  readonly hasImage: boolean;
  readonly background: { readonly type: 'image' | 'video'; readonly src: string } | null;
  readonly label: string;
  readonly highlight: string;
  readonly description: string;
  readonly content: string;
  readonly buttonContent: string;
  readonly plans: readonly PreviewPlan[];
  /** The schedule's end, in ms since the epoch. */
  readonly endsAt: number | null;
  readonly daily: { readonly from: string; readonly to: string } | null;
}

const record = (value: unknown): Readonly<Record<string, unknown>> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const clock = (value: unknown): string | null => (typeof value === 'string' && /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(value) ? value : null);

function paletteColour(index: unknown, fallback: number): string {
  const valid = typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < appPalette.length;
  return appPalette[valid ? index : fallback] as string;
}

function mediaSource(value: unknown): string | null {
  return typeof value === 'string' ? mediaPreviewPath(value) : null;
}

function readPlan(value: unknown): PreviewPlan {
  const plan = record(value);
  const days = plan.freeTrialDays;
  const discount = plan.discount;
  return {
    period: (planPeriods as readonly unknown[]).includes(plan.period) ? (plan.period as PreviewPlan['period']) : null,
    freeTrialDays: typeof days === 'number' && Number.isInteger(days) && days > 0 && days <= 365 ? days : 0,
    discount: typeof discount === 'number' && Number.isFinite(discount) && discount > 0 && discount < 1 ? discount : null,
    discountDescription: text(plan.discountDescription),
    highlighted: plan.highlighted === true,
  };
}

/** What the preview draws of a draft; total over any value (never throws). */
export function readSubscriptionPage(draft: unknown): PreviewPage {
  const page = record(draft);
  const background = record(page.background);
  const backgroundSrc = mediaSource(background.url);
  const backgroundType = background.type === 'video' || background.type === 'image' ? background.type : /\.(?:mp4|mov)(?:[?#].*)?$/.test(backgroundSrc ?? '') ? 'video' : 'image';
  const schedule = record(page.schedule);
  const endsAt = typeof schedule.endsAt === 'string' ? Date.parse(schedule.endsAt) : Number.NaN;
  const daily = record(schedule.daily);
  const from = clock(daily.from);
  const to = clock(daily.to);
  const plans = Array.isArray(page.plans) ? page.plans.map(readPlan) : [];
  return {
    pageType: typeof page.pageType === 'string' ? page.pageType : null,
    title: text(page.title),
    subtitle: text(page.subtitle),
    backgroundColour: paletteColour(page.backgroundColourIndex, 0),
    textColour: paletteColour(page.textColourIndex, 1),
    titleBackgroundImage: mediaSource(page.titleBackgroundImage),
    image: mediaSource(page.image),
    hasImage: text(page.image) !== '',
    background: backgroundSrc ? { type: backgroundType, src: backgroundSrc } : null,
    label: text(page.label),
    highlight: text(page.highlight),
    description: text(page.description),
    content: text(page.content),
    buttonContent: text(page.buttonContent),
    plans,
    endsAt: Number.isNaN(endsAt) ? null : endsAt,
    daily: from && to ? { from, to } : null,
  };
}

/** The plan shown selected: the highlighted one, else the first. */
export function selectedPlanIndex(plans: readonly PreviewPlan[]): number {
  const highlighted = plans.findIndex((plan) => plan.highlighted);
  return highlighted >= 0 ? highlighted : 0;
}

// ---------------------------------------------------------------------------------------------
// The countdown

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The time left as the app shows it: `hh:mm:ss`, with whole days apart when more than 24 hours are
 * left. Seconds round up, so the display reaches 00:00:00 exactly at the end, not a second before.
 */
export function timeLeftParts(ms: number): { readonly days: number; readonly clock: string } {
  const total = Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / 1000)) : 0;
  const days = total > 86_400 ? Math.floor(total / 86_400) : 0;
  const rest = total - days * 86_400;
  return { days, clock: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}` };
}

/**
 * The current time for a countdown to `endsAt`, read again every second while it runs; it stops
 * once the end is reached (or when there is no end, or `fixed` pins the time).
 */
export function useCountdownNow(fixed: number | undefined, endsAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const running = fixed === undefined && endsAt !== null && now < endsAt;
  useEffect(() => {
    if (!running) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const time = Date.now();
      setNow(time);
      // On the next whole second, so every step shows one second less.
      timer = setTimeout(tick, 1000 - (time % 1000));
    };
    timer = setTimeout(tick, 0);
    return () => clearTimeout(timer);
  }, [running]);
  return fixed ?? now;
}

// ---------------------------------------------------------------------------------------------
// Drawing

const useStyles = makeStyles({
  backgroundMedia: { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' },
  topBar: { position: 'relative', height: '32px', flexShrink: 0, display: 'flex', alignItems: 'center', padding: '0 12px' },
  close: { display: 'flex', alignItems: 'center', justifyContent: 'center', width: '28px', height: '28px', borderRadius: '14px' },
  closeLight: { backgroundColor: 'rgba(255, 255, 255, 0.75)', color: '#111827' },
  closeDark: { backgroundColor: 'rgba(0, 0, 0, 0.55)', color: '#F3F4F6' },
  titleBlock: {
    position: 'relative',
    overflow: 'hidden',
    margin: '0 12px',
    padding: '14px 14px 12px',
    borderRadius: '16px',
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '4px',
  },
  titleImage: { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' },
  titleText: { position: 'relative', margin: 0, fontSize: '20px', fontWeight: 700, lineHeight: '1.2', overflowWrap: 'anywhere' },
  subtitleText: { position: 'relative', margin: 0, fontSize: '13px', overflowWrap: 'anywhere' },
  label: {
    position: 'relative',
    padding: '1px 8px',
    borderRadius: '999px',
    fontSize: '11px',
    fontWeight: 600,
    backgroundColor: '#FF5A5F',
    color: '#FFFFFF',
  },
  placeholder: { opacity: 0.7, fontStyle: 'italic' },
  image: { display: 'block', margin: '8px 12px 0', height: '96px', borderRadius: '12px', objectFit: 'cover', flexShrink: 0 },
  imagePlaceholder: { display: 'flex', alignItems: 'center', justifyContent: 'center', border: '1px dashed currentColor', opacity: 0.5 },
  sheet: {
    position: 'relative',
    flexGrow: 1,
    minHeight: 0,
    marginTop: '10px',
    display: 'flex',
    flexDirection: 'column',
    borderRadius: '20px 20px 0 0',
    overflow: 'hidden',
  },
  sheetLight: { backgroundColor: 'rgba(255, 255, 255, 0.96)' },
  sheetDark: { backgroundColor: 'rgba(24, 24, 28, 0.96)' },
  sheetBody: { flexGrow: 1, minHeight: 0, overflow: 'hidden', padding: '12px 14px 0', display: 'flex', flexDirection: 'column', gap: '8px' },
  highlight: { margin: 0, fontWeight: 700, fontSize: '14px', overflowWrap: 'anywhere' },
  timer: { display: 'flex', alignItems: 'center', gap: '4px', margin: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' },
  timerLight: { color: '#C2410C' },
  timerDark: { color: '#FDBA74' },
  paragraph: { margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
  secondary: { opacity: 0.72 },
  plans: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px' },
  plan: { display: 'flex', alignItems: 'center', gap: '8px', padding: '8px 10px', borderRadius: '12px' },
  planLight: { backgroundColor: '#F9FAFB', border: '1px solid #E5E7EB' },
  planDark: { backgroundColor: '#1F1F24', border: '1px solid #34343A' },
  planSelectedLight: { border: '2px solid #2563EB', padding: '7px 9px', backgroundColor: '#EFF6FF' },
  planSelectedDark: { border: '2px solid #60A5FA', padding: '7px 9px', backgroundColor: '#172033' },
  planMark: { display: 'flex', flexShrink: 0 },
  markLight: { color: '#2563EB' },
  markDark: { color: '#60A5FA' },
  planText: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  planTitle: { fontWeight: 600 },
  planLine: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px', fontSize: '12px' },
  discount: { padding: '0 6px', borderRadius: '6px', fontSize: '11px', fontWeight: 700, backgroundColor: '#FF5A5F', color: '#FFFFFF' },
  emptyPlans: { padding: '10px', borderRadius: '12px', border: '1px dashed currentColor', textAlign: 'center' },
  footer: { flexShrink: 0, padding: '10px 14px 0' },
  cta: {
    display: 'block',
    padding: '11px 12px',
    borderRadius: '999px',
    textAlign: 'center',
    fontWeight: 700,
    fontSize: '15px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  /** Room under the button for the phone's home indicator (PhoneFrame draws it). */
  homeSpace: { height: '26px', flexShrink: 0 },
});

type Styles = ReturnType<typeof useStyles>;
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The page's own text for the countdown or the daily window, in the content's language. */
function ScheduleLine({ page, now, tc, styles, dark }: { readonly page: PreviewPage; readonly now: number; readonly tc: Translate; readonly styles: Styles; readonly dark: boolean }) {
  let line: string | null = null;
  if (page.pageType === 'countdown') {
    if (page.endsAt === null) line = tc('preview.timeLeft', { time: '--:--:--' });
    else if (page.endsAt <= now) line = tc('preview.ended');
    else {
      const { days, clock: time } = timeLeftParts(page.endsAt - now);
      line = tc('preview.timeLeft', { time: days > 0 ? tc('preview.daysAndTime', { count: days, time }) : time });
    }
  } else if (page.pageType === 'daily') {
    line = tc('preview.dailyWindow', { from: page.daily?.from ?? '--:--', to: page.daily?.to ?? '--:--' });
  }
  if (line === null) return null;
  return (
    <p className={mergeClasses(styles.timer, dark ? styles.timerDark : styles.timerLight)} data-testid="preview-schedule">
      <Timer16Regular />
      <span>{line}</span>
    </p>
  );
}

interface PlanCardProps {
  readonly plan: PreviewPlan;
  readonly selected: boolean;
  /** The content's texts and the console's (for the placeholder, in `consoleLanguage`). */
  readonly tc: Translate;
  readonly t: Translate;
  readonly consoleLanguage: string;
  readonly styles: Styles;
  readonly dark: boolean;
}

function PlanCard({ plan, selected, tc, t, consoleLanguage, styles, dark }: PlanCardProps) {
  return (
    <li
      className={mergeClasses(
        styles.plan,
        dark ? styles.planDark : styles.planLight,
        selected && (dark ? styles.planSelectedDark : styles.planSelectedLight),
      )}
      data-selected={selected || undefined}
    >
      <span className={mergeClasses(styles.planMark, dark ? styles.markDark : styles.markLight)}>{selected ? <CheckmarkCircle20Filled /> : <Circle20Regular />}</span>
      <span className={styles.planText}>
        {plan.period ? (
          <span className={styles.planTitle}>{tc(`periods.${plan.period}`)}</span>
        ) : (
          <span className={mergeClasses(styles.planTitle, styles.placeholder)} lang={consoleLanguage}>
            {t('configUi:preview.placeholder.period')}
          </span>
        )}
        {plan.freeTrialDays > 0 ? <span className={mergeClasses(styles.planLine, styles.secondary)}>{tc('preview.freeTrial', { count: plan.freeTrialDays })}</span> : null}
        {plan.discount !== null || plan.discountDescription ? (
          <span className={styles.planLine}>
            {plan.discount !== null ? <span className={styles.discount}>{tc('percentOff', { percent: percentOff(plan.discount) })}</span> : null}
            {plan.discountDescription ? <span className={styles.secondary}>{plan.discountDescription}</span> : null}
          </span>
        ) : null}
      </span>
      {selected ? <VisuallyHidden>{tc('preview.selected')}</VisuallyHidden> : null}
    </li>
  );
}

/** See the module comment. */
export function SubscriptionPagePreview({ draft, language, theme, now }: SubscriptionPagePreviewProps) {
  const styles = useStyles();
  const { t: consoleT, i18n } = useTranslation();
  const t = consoleT as Translate;
  const tc = useMemo(() => i18n.getFixedT(language, 'config', 'subscriptionPages') as Translate, [i18n, language]);
  const page = useMemo(() => readSubscriptionPage(draft), [draft]);
  const fixed = now === undefined ? undefined : typeof now === 'number' ? now : now.getTime();
  const current = useCountdownNow(fixed, page.pageType === 'countdown' ? page.endsAt : null);
  const dark = theme === 'dark';
  const selected = selectedPlanIndex(page.plans);
  const palette = { backgroundColor: page.backgroundColour, color: page.textColour };

  return (
    <PhoneFrame
      label={t('configUi:preview.regionLabel')}
      language={language}
      theme={theme}
      background={
        page.background?.type === 'video' ? (
          <video className={styles.backgroundMedia} src={page.background.src} muted loop autoPlay playsInline aria-hidden="true" />
        ) : page.background ? (
          <img className={styles.backgroundMedia} src={page.background.src} alt="" />
        ) : null
      }
    >
      <div className={styles.topBar} aria-hidden="true">
        <span className={mergeClasses(styles.close, dark ? styles.closeDark : styles.closeLight)}>
          <Dismiss20Regular />
        </span>
      </div>

      <div className={styles.titleBlock} style={palette}>
        {page.titleBackgroundImage ? <img className={styles.titleImage} src={page.titleBackgroundImage} alt="" /> : null}
        {page.label ? <span className={styles.label}>{page.label}</span> : null}
        <p className={mergeClasses(styles.titleText, !page.title && styles.placeholder)} lang={page.title ? undefined : i18n.language} data-testid="preview-title">
          {page.title || t('configUi:preview.placeholder.title')}
        </p>
        {page.subtitle ? <p className={styles.subtitleText}>{page.subtitle}</p> : null}
      </div>

      {page.image ? (
        <img className={styles.image} src={page.image} alt="" />
      ) : page.hasImage ? (
        <span className={mergeClasses(styles.image, styles.imagePlaceholder)} aria-hidden="true">
          <Image24Regular />
        </span>
      ) : null}

      <div className={mergeClasses(styles.sheet, dark ? styles.sheetDark : styles.sheetLight)}>
        <div className={styles.sheetBody}>
          {page.highlight ? <p className={styles.highlight}>{page.highlight}</p> : null}
          <ScheduleLine page={page} now={current} tc={tc} styles={styles} dark={dark} />
          {page.description ? <p className={styles.paragraph}>{page.description}</p> : null}
          {page.content ? <p className={mergeClasses(styles.paragraph, styles.secondary)}>{page.content}</p> : null}
          {page.plans.length > 0 ? (
            <ul className={styles.plans}>
              {page.plans.map((plan, index) => (
                <PlanCard key={index} plan={plan} selected={index === selected} tc={tc} t={t} consoleLanguage={i18n.language} styles={styles} dark={dark} />
              ))}
            </ul>
          ) : (
            <p className={mergeClasses(styles.emptyPlans, styles.placeholder)} lang={i18n.language}>
              {t('configUi:preview.placeholder.noPlans')}
            </p>
          )}
        </div>
        <div className={styles.footer}>
          <span
            className={mergeClasses(styles.cta, !page.buttonContent && styles.placeholder)}
            style={{ backgroundColor: page.textColour, color: page.backgroundColour }}
            lang={page.buttonContent ? undefined : i18n.language}
            data-testid="preview-cta"
          >
            {page.buttonContent || t('configUi:preview.placeholder.button')}
          </span>
        </div>
        <div className={styles.homeSpace} />
      </div>
    </PhoneFrame>
  );
}
