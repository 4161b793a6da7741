import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { Battery1020Regular, CellularData120Regular, Wifi120Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { normalizeColour } from '@contract/validation';
import { mediaPreviewPath } from '@contract/media';

/** The content language a preview shows. */
export type PreviewLanguage = 'en-US' | 'zh-CN';
/** The page style a preview is drawn in. */
export type PreviewTheme = 'light' | 'dark';

/**
 * The phone a kind's preview is drawn in: device, screen, status bar and home indicator, light or
 * dark, with the screen's texts in the previewed content language. The same frame as the
 * subscription page's preview, for the kinds that came after it (retention popups, banners, the
 * start page), so every preview looks like the same phone.
 *
 * A picture, not a form: nothing in it is focusable; its texts stay readable inside one labelled
 * region.
 */

const useStyles = makeStyles({
  region: { display: 'flex', justifyContent: 'center' },
  device: {
    boxSizing: 'border-box',
    width: '300px',
    height: '620px',
    padding: '10px',
    borderRadius: '44px',
    flexShrink: 0,
    boxShadow: '0 8px 24px rgba(0, 0, 0, 0.18)',
  },
  deviceLight: { backgroundColor: '#D9DCE1', border: '1px solid #B8BCC4' },
  deviceDark: { backgroundColor: '#0B0B0D', border: '1px solid #2C2C30' },
  screen: {
    position: 'relative',
    boxSizing: 'border-box',
    width: '100%',
    height: '100%',
    borderRadius: '34px',
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    fontFamily: '-apple-system, "SF Pro Text", Roboto, "PingFang SC", "Microsoft YaHei", sans-serif',
    fontSize: '13px',
    lineHeight: '1.35',
  },
  screenLight: { backgroundColor: '#F4F5F7', color: '#111827' },
  screenDark: { backgroundColor: '#0F0F12', color: '#F3F4F6' },
  statusBar: {
    position: 'relative',
    zIndex: 2,
    height: '44px',
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: '0 22px',
    fontSize: '13px',
    fontWeight: 600,
  },
  overlayBar: { position: 'absolute', top: 0, left: 0, right: 0, color: '#FFFFFF', textShadow: '0 1px 2px rgba(0, 0, 0, 0.5)' },
  notch: { position: 'absolute', top: '8px', left: '50%', transform: 'translateX(-50%)', width: '90px', height: '24px', borderRadius: '12px', backgroundColor: '#000' },
  statusIcons: { display: 'flex', gap: '4px', alignItems: 'center' },
  body: { position: 'relative', flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
  homeIndicator: { position: 'absolute', zIndex: 3, bottom: 0, left: 0, right: 0, height: '22px', display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' },
  homeBar: { width: '110px', height: '4px', borderRadius: '2px' },
  homeBarLight: { backgroundColor: '#111827' },
  homeBarDark: { backgroundColor: '#F3F4F6' },
  homeBarOnMedia: { backgroundColor: '#FFFFFF', boxShadow: '0 0 2px rgba(0, 0, 0, 0.6)' },
});

export interface PhoneFrameProps {
  /** The region's accessible name, in the console's language. */
  readonly label: string;
  readonly language: PreviewLanguage;
  readonly theme: PreviewTheme;
  /** Full-screen content (a start page): the status bar floats over it in white. */
  readonly fullBleed?: boolean;
  /** Drawn behind everything on the screen, status bar included (a page's background picture or video). */
  readonly background?: ReactNode;
  readonly children: ReactNode;
  readonly testId?: string;
}

export function PhoneFrame({ label, language, theme, fullBleed = false, background, children, testId }: PhoneFrameProps) {
  const styles = useStyles();
  const dark = theme === 'dark';
  return (
    <section className={styles.region} aria-label={label} data-theme={theme} data-testid={testId}>
      <div className={mergeClasses(styles.device, dark ? styles.deviceDark : styles.deviceLight)}>
        {/* data-app-screen: the app's screen as configured, in the operator's colours (tests/e2e/a11y.spec.ts leaves its colour contrast to them). */}
        <div className={mergeClasses(styles.screen, dark ? styles.screenDark : styles.screenLight)} lang={language} data-app-screen="">
          {background}
          <div className={mergeClasses(styles.statusBar, fullBleed && styles.overlayBar)} aria-hidden="true">
            <span>9:41</span>
            <span className={styles.notch} />
            <span className={styles.statusIcons}>
              <CellularData120Regular />
              <Wifi120Regular />
              <Battery1020Regular />
            </span>
          </div>
          <div className={styles.body}>{children}</div>
          <div className={styles.homeIndicator} aria-hidden="true">
            <span className={mergeClasses(styles.homeBar, fullBleed ? styles.homeBarOnMedia : dark ? styles.homeBarDark : styles.homeBarLight)} />
          </div>
        </div>
      </div>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Reading drafts: total over any value, as previews draw drafts that may be wrong in any field

export const recordOf = (value: unknown): Readonly<Record<string, unknown>> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
export const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A colour the app would take, in its canonical form, else the fallback (the field shows the problem). */
export function colourOr(value: unknown, fallback: string): string {
  return (typeof value === 'string' ? normalizeColour(value) : null) ?? fallback;
}

/** Where the console previews a stored file (its own origin), or null when the value names none. */
export function mediaSourceOf(value: unknown): string | null {
  return typeof value === 'string' ? mediaPreviewPath(value) : null;
}

/** Whether a stored file's path is a video (by its type). */
export function isVideoPath(src: string | null): boolean {
  return src !== null && /\.(?:mp4|mov)(?:[?#].*)?$/.test(src);
}
