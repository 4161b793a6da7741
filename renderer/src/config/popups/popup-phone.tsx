import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { Dismiss16Regular, Gift16Regular, Image24Regular, Star20Filled, Star20Regular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackAnswerTypes, popupPages, popupTypes, type FeedbackAnswerType, type PopupPage, type PopupType } from '@contract/config/kinds/popups';
import { PagPreview } from '../../media/pag/pag-preview';
import { mediaSourceOf, PhoneFrame, recordOf, textOf, type PreviewLanguage, type PreviewTheme } from '../phone-frame';

/**
 * A popup drawn as the app draws it, over a dimmed page of the app (the page it would show on),
 * from a draft that may be incomplete or wrong in any field: the editor passes what is typed, the
 * popup preview a published document. The popup's own texts are the content's; where one is
 * missing a placeholder in the console's language stands in (italic, dotted). The PAG animation
 * plays in the popup's picture slot (the media field's player, in its sandboxed frame).
 */

export interface PopupElementView {
  readonly text: string;
  readonly action: string | null;
}

export interface PreviewPopup {
  readonly popupType: PopupType | null;
  readonly title: string;
  readonly body: string;
  readonly image: string | null;
  /** Whether the draft names an image (a placeholder shows when it cannot be drawn). */
  readonly hasImage: boolean;
  readonly pag: string | null;
  readonly feedback: { readonly question: string; readonly answerType: FeedbackAnswerType | null; readonly choices: readonly string[]; readonly allowComment: boolean } | null;
  readonly elements: { readonly button: PopupElementView | null; readonly confirm: PopupElementView | null; readonly cancel: PopupElementView | null; readonly close: PopupElementView | null };
  readonly pages: readonly PopupPage[];
  readonly freeFeature: string;
}

function elementOf(value: unknown): PopupElementView | null {
  if (value === undefined || value === null) return null;
  const element = recordOf(value);
  return { text: textOf(element.text), action: typeof element.action === 'string' ? element.action : null };
}

/** What the preview draws of a draft; total over any value (never throws). */
export function readPopup(draft: unknown): PreviewPopup {
  const popup = recordOf(draft);
  const elements = recordOf(popup.elements);
  const feedback = popup.feedback === undefined || popup.feedback === null ? null : recordOf(popup.feedback);
  const popupType = (popupTypes as readonly unknown[]).includes(popup.popupType) ? (popup.popupType as PopupType) : null;
  return {
    popupType,
    title: textOf(popup.title),
    body: textOf(popup.body),
    image: popupType === 'imageText' ? mediaSourceOf(popup.image) : null,
    hasImage: popupType === 'imageText',
    pag: mediaSourceOf(popup.pagAnimation),
    feedback:
      popupType === 'feedback'
        ? {
            question: textOf(feedback?.question),
            answerType: (feedbackAnswerTypes as readonly unknown[]).includes(feedback?.answerType) ? (feedback?.answerType as FeedbackAnswerType) : null,
            choices: Array.isArray(feedback?.choices) ? (feedback.choices as unknown[]).map(textOf).filter((c) => c !== '') : [],
            allowComment: feedback?.allowComment === true,
          }
        : null,
    elements: { button: elementOf(elements.button), confirm: elementOf(elements.confirm), cancel: elementOf(elements.cancel), close: elementOf(elements.close) },
    pages: Array.isArray(popup.pages) ? (popup.pages as unknown[]).filter((p): p is PopupPage => (popupPages as readonly unknown[]).includes(p)) : [],
    freeFeature: textOf(popup.freeFeature),
  };
}

const useStyles = makeStyles({
  app: { position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', gap: '10px', padding: '12px 14px' },
  pageName: { fontSize: '15px', fontWeight: 700 },
  block: { borderRadius: '12px', flexShrink: 0 },
  blockLight: { backgroundColor: '#E5E7EB' },
  blockDark: { backgroundColor: '#26262B' },
  scrim: { position: 'absolute', inset: 0, backgroundColor: 'rgba(0, 0, 0, 0.5)' },
  centre: { position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '0 20px' },
  card: {
    position: 'relative',
    boxSizing: 'border-box',
    width: '100%',
    maxHeight: '100%',
    overflow: 'hidden',
    borderRadius: '18px',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '16px 14px 14px',
    boxShadow: '0 12px 32px rgba(0, 0, 0, 0.35)',
    textAlign: 'center',
  },
  cardLight: { backgroundColor: '#FFFFFF', color: '#111827' },
  cardDark: { backgroundColor: '#1C1C21', color: '#F3F4F6' },
  close: { position: 'absolute', top: '8px', right: '8px', display: 'flex', alignItems: 'center', justifyContent: 'center', width: '24px', height: '24px', borderRadius: '12px' },
  closeLight: { backgroundColor: '#F3F4F6', color: '#374151' },
  closeDark: { backgroundColor: '#2E2E35', color: '#D1D5DB' },
  media: { display: 'flex', justifyContent: 'center', margin: '4px 0' },
  image: { display: 'block', width: '150px', aspectRatio: '3 / 4', objectFit: 'cover', borderRadius: '12px', margin: '0 auto' },
  imagePlaceholder: { display: 'flex', alignItems: 'center', justifyContent: 'center', border: '1px dashed currentColor' },
  text: { margin: 0, overflowWrap: 'anywhere' },
  title: { fontSize: '17px', fontWeight: 700, lineHeight: '1.25', padding: '0 18px' },
  body: { fontSize: '13px', whiteSpace: 'pre-line' },
  question: { fontSize: '13px', fontWeight: 600 },
  stars: { display: 'flex', justifyContent: 'center', gap: '4px', color: '#F59E0B' },
  choices: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '4px', textAlign: 'left' },
  choice: { padding: '6px 10px', borderRadius: '10px', fontSize: '12px' },
  choiceLight: { border: '1px solid #D1D5DB' },
  choiceDark: { border: '1px solid #3F3F46' },
  input: { padding: '6px 10px', borderRadius: '10px', fontSize: '12px', textAlign: 'left', fontStyle: 'italic' },
  chip: { display: 'inline-flex', alignSelf: 'center', alignItems: 'center', gap: '4px', padding: '2px 10px', borderRadius: '999px', fontSize: '12px', fontWeight: 600, backgroundColor: '#DCFCE7', color: '#14532D' },
  buttons: { display: 'flex', flexDirection: 'column', gap: '6px', marginTop: '4px' },
  primary: { display: 'block', padding: '9px 12px', borderRadius: '999px', fontWeight: 700, fontSize: '14px', backgroundColor: '#3B5BDB', color: '#FFFFFF', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  secondaryLight: { backgroundColor: '#E0E7FF', color: '#1E3A8A' },
  secondaryDark: { backgroundColor: '#2B3563', color: '#E0E7FF' },
  cancel: { display: 'block', padding: '4px', fontSize: '13px' },
  cancelLight: { color: '#4B5563' },
  cancelDark: { color: '#D1D5DB' },
  placeholder: { fontStyle: 'italic', textDecorationLine: 'underline', textDecorationStyle: 'dotted' },
  visuallyHidden: { position: 'absolute', width: '1px', height: '1px', margin: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 },
});

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface PopupPhoneProps {
  /** The popup's document as typed or as published: any field may be missing or invalid; none: the page alone. */
  readonly draft: Readonly<Record<string, unknown>> | null | undefined;
  readonly language: PreviewLanguage;
  readonly theme: PreviewTheme;
  /** The app page behind the popup; its first page unless given. */
  readonly page?: PopupPage | undefined;
  /** The region's accessible name; the kind's preview label unless given. */
  readonly label?: string | undefined;
}

/** See the module comment. */
export function PopupPhone({ draft, language, theme, page, label }: PopupPhoneProps) {
  const styles = useStyles();
  const { t: consoleT, i18n } = useTranslation();
  const t = consoleT as Translate;
  const tc = useMemo(() => i18n.getFixedT(language, 'config', 'popups') as Translate, [i18n, language]);
  const popup = useMemo(() => readPopup(draft), [draft]);
  const dark = theme === 'dark';
  const backdrop = page ?? popup.pages[0] ?? 'home';
  const block = mergeClasses(styles.block, dark ? styles.blockDark : styles.blockLight);
  const placeholder = (key: string) => t(`config:popups.preview.placeholder.${key}`);
  const elementText = (element: PopupElementView, className: string, testId: string) => (
    <span className={mergeClasses(className, !element.text && styles.placeholder)} lang={element.text ? undefined : i18n.language} data-testid={testId}>
      {element.text || placeholder('button')}
    </span>
  );
  return (
    <PhoneFrame label={label ?? t('config:popups.preview.regionLabel')} language={language} theme={theme} testId="popup-phone">
      <div className={styles.app} aria-hidden="true">
        <span className={styles.pageName}>{tc(`preview.backdrop.${backdrop}`)}</span>
        <span className={block} style={{ height: '180px' }} />
        <span className={block} style={{ height: '56px' }} />
        <span className={block} style={{ height: '56px' }} />
      </div>
      {draft === null || draft === undefined ? null : (
        <>
          <div className={styles.scrim} aria-hidden="true" />
          <div className={styles.centre}>
            <div className={mergeClasses(styles.card, dark ? styles.cardDark : styles.cardLight)} data-testid="popup-card" data-type={popup.popupType ?? undefined}>
              {popup.elements.close ? (
                <span className={mergeClasses(styles.close, dark ? styles.closeDark : styles.closeLight)} data-testid="popup-close">
                  <Dismiss16Regular aria-hidden="true" />
                  <span className={styles.visuallyHidden}>{popup.elements.close.text}</span>
                </span>
              ) : null}
              {popup.pag ? (
                <div className={styles.media}>
                  <PagPreview src={popup.pag} name={popup.title || placeholder('title')} width={null} height={null} box={150} />
                </div>
              ) : popup.image ? (
                <img className={styles.image} src={popup.image} alt="" />
              ) : popup.hasImage ? (
                <span className={mergeClasses(styles.image, styles.imagePlaceholder)} aria-hidden="true">
                  <Image24Regular />
                </span>
              ) : null}
              <p className={mergeClasses(styles.text, styles.title, !popup.title && styles.placeholder)} lang={popup.title ? undefined : i18n.language} data-testid="popup-title">
                {popup.title || placeholder('title')}
              </p>
              {popup.body ? <p className={mergeClasses(styles.text, styles.body)}>{popup.body}</p> : null}
              {popup.feedback ? (
                <>
                  <p className={mergeClasses(styles.text, styles.question, !popup.feedback.question && styles.placeholder)} lang={popup.feedback.question ? undefined : i18n.language} data-testid="popup-question">
                    {popup.feedback.question || placeholder('question')}
                  </p>
                  {popup.feedback.answerType === 'rating' ? (
                    <span className={styles.stars} role="img" aria-label={tc('preview.stars', { count: 4 })}>
                      {[1, 2, 3, 4, 5].map((n) => (n <= 4 ? <Star20Filled key={n} /> : <Star20Regular key={n} />))}
                    </span>
                  ) : null}
                  {popup.feedback.answerType === 'choice' ? (
                    <ul className={styles.choices}>
                      {popup.feedback.choices.map((choice, index) => (
                        <li key={index} className={mergeClasses(styles.choice, dark ? styles.choiceDark : styles.choiceLight)}>
                          {choice}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {popup.feedback.answerType === 'text' || popup.feedback.allowComment ? (
                    <span className={mergeClasses(styles.input, dark ? styles.choiceDark : styles.choiceLight)}>
                      {tc(popup.feedback.answerType === 'text' ? 'preview.answerPlaceholder' : 'preview.commentPlaceholder')}
                    </span>
                  ) : null}
                </>
              ) : null}
              {popup.freeFeature ? (
                <span className={styles.chip}>
                  <Gift16Regular aria-hidden="true" />
                  {tc('preview.freeFeature', { feature: popup.freeFeature })}
                </span>
              ) : null}
              <div className={styles.buttons}>
                {popup.elements.confirm ? elementText(popup.elements.confirm, styles.primary, 'popup-confirm') : null}
                {popup.elements.button ? elementText(popup.elements.button, mergeClasses(styles.primary, dark ? styles.secondaryDark : styles.secondaryLight), 'popup-button') : null}
                {popup.elements.cancel ? elementText(popup.elements.cancel, mergeClasses(styles.cancel, dark ? styles.cancelDark : styles.cancelLight), 'popup-cancel') : null}
              </div>
            </div>
          </div>
        </>
      )}
    </PhoneFrame>
  );
}
