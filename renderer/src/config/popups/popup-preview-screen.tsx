import {
  Badge,
  Button,
  Field,
  Input,
  inputClassNames,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwise16Regular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { environments, type Environment } from '@contract/config';
import { phoneTiers, popupPages, type PhoneTier, type PopupPage } from '@contract/config/kinds/popups';
import { choosePopup } from '@contract/config/popup-choice';
import { platforms, type Platform } from '@contract/resources/projects';
import { appVersionPlaceholder } from '@contract/validation';
import { PrefetchLink } from '../../components/prefetch-link';
import { SectionCard } from '../../components/section-card';
import { useApiQuery } from '../../data/api-hooks';
import { errorText } from '../../i18n/error-text';
import { formatDateTime } from '../../lib/format';
import { useInterfaceSettings } from '../../settings/settings-context';
import { PreviewToolbar } from '../preview-toolbar';
import { useCountryOptions, useLanguageOptions } from '../reference-options';
import type { PreviewLanguage, PreviewTheme } from '../phone-frame';
import { PopupPhone } from './popup-phone';
import { initialPreviewForm, MAX_SESSION_MINUTES, previewContext, readPreviewData, type PopupPreviewForm } from './preview-context';
import { popupReasonText } from './reason-text';

const useStyles = makeStyles({
  layout: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: tokens.spacingHorizontalXXL, alignItems: 'start' },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
    alignItems: 'start',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    // Long option texts (country names) must not widen a column past the card.
    '& > *': { minWidth: 0 },
    '& select': { minWidth: 0, width: '100%' },
    [`& .${inputClassNames.root}`]: { minWidth: 0 },
  },
  aside: { position: 'sticky', top: tokens.spacingVerticalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'center', width: '320px' },
  result: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, width: '100%' },
  muted: { color: tokens.colorNeutralForeground3 },
  number: { maxWidth: '140px' },
  outcomes: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  outcome: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, paddingBottom: tokens.spacingVerticalS, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  outcomeHead: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  reasons: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  now: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A number typed into the form: empty means `empty`, anything else its value (negative ones are 0). */
function numberOf(text: string, empty: number | null): number | null {
  if (text.trim() === '') return empty;
  const value = Number(text);
  return Number.isFinite(value) ? Math.max(0, value) : empty;
}

/**
 * The popup preview (`/management/:projectId/popupPreview`): an operator sets a user's situation and
 * what they have already seen, and reads which popup the app would show them now (drawn in the
 * phone) and why every other one is not shown. The popups, region groups and budget are those live
 * in the chosen environment (`popupPreview.live`); the choice and its reasons are the output of
 * contract/config/popup-choice.ts, the function the app SDKs implement (docs/popup-vectors.json),
 * only put into words here.
 */
export function PopupPreviewScreen({ projectId }: { readonly projectId: string }) {
  const { t: translate, i18n } = useTranslation(['popupPages', 'config', 'projects', 'operators', 'configUi', 'errors']);
  const t = translate as Translate;
  const styles = useStyles();
  const [form, setForm] = useState<PopupPreviewForm>(initialPreviewForm);
  const [now, setNow] = useState(() => new Date());
  const { settings } = useInterfaceSettings();
  const [language, setLanguage] = useState<PreviewLanguage>(i18n.language.startsWith('zh') ? 'zh-CN' : 'en-US');
  const [theme, setTheme] = useState<PreviewTheme>(settings.pageStyle);
  const countries = useCountryOptions();
  const languages = useLanguageOptions();
  const live = useApiQuery('popupPreview.live', { params: { projectId }, query: { environment: form.environment } });
  const read = useMemo(() => (live.data ? readPreviewData(live.data) : null), [live.data]);
  const choice = useMemo(
    () => (read && live.data ? choosePopup(read.live, previewContext(form, now), { perSession: live.data.budget.perSession, perDay: live.data.budget.perDay }, read.groups) : null),
    [read, live.data, form, now],
  );
  const set = <K extends keyof PopupPreviewForm>(key: K, value: PopupPreviewForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const formatTime = (iso: string) => formatDateTime(iso, i18n.language);
  const names = useMemo(() => new Map((read?.popups ?? []).map((p) => [p.id, p.name])), [read]);
  const chosen = read?.popups.find((p) => p.id === choice?.chosen) ?? null;

  const numberField = (key: 'launchCount' | 'sessionMinutes' | 'otherSession' | 'otherEarlier', max: number, hint?: string) => (
    <Field label={t(`popupPages:preview.${key}`)} hint={hint}>
      <Input type="number" min={0} max={max} value={String(form[key])} onChange={(_, data) => set(key, Math.min(max, numberOf(data.value, 0) as number))} />
    </Field>
  );
  const budget = choice?.budget;
  const use = (used: number, cap: number | null) => (cap === null ? t('popupPages:preview.noCap') : t('popupPages:preview.budgetUse', { used, cap }));

  return (
    <div className={styles.layout}>
      <div className={styles.column}>
        <SectionCard title={t('popupPages:preview.context')}>
          <div className={styles.grid}>
            <Field label={t('popupPages:preview.environment')}>
              <Select value={form.environment} onChange={(_, data) => set('environment', data.value as Environment)}>
                {environments.map((environment) => (
                  <option key={environment} value={environment}>
                    {t(`config:common.environments.${environment}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('popupPages:preview.platform')}>
              <Select value={form.platform} onChange={(_, data) => set('platform', data.value as Platform)}>
                {platforms.map((platform) => (
                  <option key={platform} value={platform}>
                    {t(`projects:platforms.${platform}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('popupPages:preview.version')}>
              <Input value={form.version} placeholder={appVersionPlaceholder} onChange={(_, data) => set('version', data.value)} />
            </Field>
            <Field label={t('popupPages:preview.region')}>
              <Select value={form.region} onChange={(_, data) => set('region', data.value)}>
                <option value="">{t('popupPages:preview.unknown')}</option>
                {countries.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('popupPages:preview.language')}>
              <Select value={form.language} onChange={(_, data) => set('language', data.value)}>
                <option value="">{t('popupPages:preview.unknown')}</option>
                {languages.map((l) => (
                  <option key={l.value} value={l.value}>
                    {l.label}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('popupPages:preview.page')}>
              <Select value={form.page} onChange={(_, data) => set('page', data.value as PopupPage)}>
                {popupPages.map((page) => (
                  <option key={page} value={page}>
                    {t(`config:popups.pages.${page}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('popupPages:preview.userId')} hint={t('popupPages:preview.userIdHint')}>
              <Input value={form.userId} onChange={(_, data) => set('userId', data.value)} />
            </Field>
            <Field label={t('popupPages:preview.subscriber')}>
              <Switch checked={form.subscriber} onChange={(_, data) => set('subscriber', data.checked)} />
            </Field>
            <Field label={t('popupPages:preview.daysSinceInstall')} hint={t('popupPages:preview.daysSinceInstallHint')}>
              <Input type="number" min={0} value={form.daysSinceInstall === null ? '' : String(form.daysSinceInstall)} onChange={(_, data) => set('daysSinceInstall', numberOf(data.value, null))} />
            </Field>
            <Field label={t('popupPages:preview.phoneTier')}>
              <Select value={form.phoneTier ?? ''} onChange={(_, data) => set('phoneTier', data.value === '' ? null : (data.value as PhoneTier))}>
                <option value="">{t('popupPages:preview.unknown')}</option>
                {phoneTiers.map((tier) => (
                  <option key={tier} value={tier}>
                    {t(`config:popups.phoneTiers.${tier}`)}
                  </option>
                ))}
              </Select>
            </Field>
            {numberField('launchCount', 1_000_000_000)}
            {numberField('sessionMinutes', MAX_SESSION_MINUTES)}
            {numberField('otherSession', 1000, t('popupPages:preview.otherHint'))}
            {numberField('otherEarlier', 1000, t('popupPages:preview.otherHint'))}
          </div>
        </SectionCard>

        <SectionCard title={t('popupPages:preview.history')} description={t('popupPages:preview.historyHint')}>
          {read && read.popups.length > 0 ? (
            <Table size="small" aria-label={t('popupPages:preview.history')}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('popupPages:preview.popup')}</TableHeaderCell>
                  <TableHeaderCell>{t('popupPages:preview.timesShown')}</TableHeaderCell>
                  <TableHeaderCell>{t('popupPages:preview.hoursAgo')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {read.popups.map((popup) => {
                  const entry = form.history[popup.id] ?? { times: 0, hoursAgo: null };
                  const setEntry = (next: typeof entry) => set('history', { ...form.history, [popup.id]: next });
                  return (
                    <TableRow key={popup.id}>
                      <TableCell>{popup.name}</TableCell>
                      <TableCell>
                        <Input
                          className={styles.number}
                          type="number"
                          min={0}
                          aria-label={t('popupPages:preview.timesShownOf', { name: popup.name })}
                          value={String(entry.times)}
                          onChange={(_, data) => setEntry({ ...entry, times: numberOf(data.value, 0) as number })}
                        />
                      </TableCell>
                      <TableCell>
                        <Input
                          className={styles.number}
                          type="number"
                          min={0}
                          step="any"
                          aria-label={t('popupPages:preview.hoursAgoOf', { name: popup.name })}
                          value={entry.hoursAgo === null ? '' : String(entry.hoursAgo)}
                          disabled={entry.times === 0}
                          onChange={(_, data) => setEntry({ ...entry, hoursAgo: numberOf(data.value, null) })}
                        />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          ) : (
            <Text className={styles.muted}>{t('popupPages:preview.noPopups')}</Text>
          )}
        </SectionCard>

        <SectionCard title={t('popupPages:preview.outcomes')}>
          {live.isError ? (
            <MessageBar intent="error">
              <MessageBarBody>{errorText(t, live.error)}</MessageBarBody>
            </MessageBar>
          ) : null}
          {!read ? <Spinner size="tiny" /> : null}
          {read && read.popups.length === 0 ? <Text className={styles.muted}>{t('popupPages:preview.noPopups')}</Text> : null}
          <ul className={styles.outcomes} aria-label={t('popupPages:preview.outcomes')}>
            {(read?.popups ?? []).map((popup) => {
              const outcome = choice?.outcomes.find((o) => o.id === popup.id);
              return (
                <li key={popup.id} className={styles.outcome} data-testid="popup-outcome" data-shown={outcome?.shown ? 'true' : 'false'}>
                  <span className={styles.outcomeHead}>
                    <PrefetchLink to={`/management/${projectId}/popup/${popup.id}`}>{popup.name}</PrefetchLink>
                    {outcome ? (
                      <Badge appearance="tint" color={outcome.shown ? 'success' : 'subtle'}>
                        {outcome.shown ? t('popupPages:preview.shown') : t('popupPages:preview.notShown')}
                      </Badge>
                    ) : null}
                  </span>
                  {popup.rules === null ? <Text className={styles.muted}>{t('popupPages:preview.unreadable')}</Text> : null}
                  {outcome && outcome.reasons.length > 0 ? (
                    <ul className={styles.reasons}>
                      {outcome.reasons.map((reason, index) => (
                        <li key={index} data-reason={reason.code}>
                          {popupReasonText(reason, t, names, formatTime)}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </SectionCard>
      </div>

      <aside className={styles.aside} aria-label={t('popupPages:preview.result')}>
        <PreviewToolbar language={language} theme={theme} onLanguageChange={setLanguage} onThemeChange={setTheme} />
        {choice ? <PopupPhone draft={chosen?.document ?? null} language={language} theme={theme} page={form.page} /> : null}
        <div className={styles.result}>
          {choice ? (
            <MessageBar intent={chosen ? 'success' : 'info'} layout="multiline">
              <MessageBarBody data-testid="popup-preview-result">{chosen ? t('popupPages:preview.shows', { name: chosen.name }) : t('popupPages:preview.nothing')}</MessageBarBody>
            </MessageBar>
          ) : null}
          {choice?.draw ? (
            <Text size={200} className={styles.muted}>
              {t('popupPages:preview.draw', { count: choice.draw.candidates.length, seed: choice.draw.seed, value: choice.draw.value.toFixed(3) })}
            </Text>
          ) : null}
          {budget ? (
            <section aria-label={t('popupPages:preview.budget')} data-testid="popup-preview-budget">
              <Text weight="semibold" block>
                {t('popupPages:preview.budget')}
              </Text>
              {budget.perSession === null && budget.perDay === null ? (
                <Text block>{t('popupPages:preview.budgetNone')}</Text>
              ) : (
                <>
                  <Text block>{t('popupPages:preview.budgetSession', { value: use(budget.usedSession, budget.perSession) })}</Text>
                  <Text block>{t('popupPages:preview.budgetDay', { value: use(budget.usedDay, budget.perDay) })}</Text>
                  <Text block>{budget.sessionSpent || budget.daySpent ? t('popupPages:preview.budgetSpent') : t('popupPages:preview.budgetLeft', { count: budget.left ?? 0 })}</Text>
                </>
              )}
              <PrefetchLink to={`/projects/${projectId}/general`}>{t('popupPages:preview.budgetEdit')}</PrefetchLink>
            </section>
          ) : null}
          <span className={styles.now}>
            <Text size={200} className={styles.muted}>
              {t('popupPages:preview.at', { time: formatTime(now.toISOString()) })}
            </Text>
            <Button size="small" appearance="subtle" icon={<ArrowClockwise16Regular />} onClick={() => setNow(new Date())}>
              {t('popupPages:preview.refresh')}
            </Button>
          </span>
        </div>
      </aside>
    </div>
  );
}
