import { Field, Input, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Select, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { configKindOf, evaluateItem, scheduleSchema, targetingSchema, type AnyConfigKind, type ConfigItem, type NotLiveReason } from '@contract/config';
import { platforms, type Platform } from '@contract/resources/projects';
import { appVersionPlaceholder } from '@contract/validation';
import { useSegmentOptions } from './common-parts';
import { useConfigList } from './config-api';
import { ReferenceCombobox } from './document-fields';
import { useCountryOptions, useLanguageOptions } from './reference-options';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`,
    margin: 0,
    width: '300px',
  },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: `0 ${tokens.spacingHorizontalXS}` },
  grid: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
  reasons: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

const regionGroupKind = configKindOf('regionGroups') as AnyConfigKind;

/**
 * "Would this user see it now?": the draft's schedule and audience evaluated for a context the
 * operator sets, by the same pure function as the delivery API (contract/config/evaluate.ts), with
 * every reason it would not be shown. Region groups are read as their drafts stand; the user's
 * segment memberships are what the operator says (unknown, or a known user in the chosen segments),
 * since whether a real user is in a segment is the server's to compute.
 */
export function AudienceCheck({ kind, projectId, draft }: { readonly kind: AnyConfigKind; readonly projectId: string; readonly draft: Record<string, unknown> }) {
  const { t, i18n } = useTranslation(['configPages', 'config', 'projects']);
  const styles = useStyles();
  const [platform, setPlatform] = useState<Platform>('ios');
  const [version, setVersion] = useState('');
  const [region, setRegion] = useState('');
  const [language, setLanguage] = useState('');
  const [knownUser, setKnownUser] = useState(false);
  const [memberships, setMemberships] = useState<readonly string[]>([]);
  const segments = useSegmentOptions(projectId, kind.parts.targeting);
  const countries = useCountryOptions();
  const languages = useLanguageOptions();
  const groups = useConfigList(regionGroupKind, projectId, { pageSize: 200 }, kind.parts.targeting);
  const members = useMemo(
    () => new Map((groups.data?.items ?? []).map((item: ConfigItem) => [item.id, new Set(Array.isArray(item.draft.regions) ? (item.draft.regions as string[]) : [])] as const)),
    [groups.data],
  );
  const schedule = scheduleSchema.safeParse(draft.schedule);
  const targeting = targetingSchema.safeParse(draft.targeting);
  const complete = (!kind.parts.schedule || schedule.success) && (!kind.parts.targeting || targeting.success);
  const evaluation = complete
    ? evaluateItem(
        { enabled: draft.enabled !== false, schedule: schedule.success ? schedule.data : undefined, targeting: targeting.success ? targeting.data : undefined },
        { now: new Date(), platform, version: version.trim() || null, region: region || null, language: language || null, segments: knownUser ? new Set(memberships) : null },
        members,
      )
    : null;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const reasonText = (reason: NotLiveReason) => {
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(reason)) {
      if (key !== 'code') params[key] = (key === 'startsAt' || key === 'endsAt') && typeof value === 'string' ? format.format(new Date(value)) : String(value);
    }
    return t(`config:common.reasons.${reason.code}`, params);
  };
  return (
    <fieldset className={styles.root}>
      <legend className={styles.legend}>{t('configPages:check.title')}</legend>
      <div className={styles.grid}>
        <Field label={t('config:common.fields.platforms')}>
          <Select value={platform} onChange={(_, data) => setPlatform(data.value as Platform)}>
            {platforms.map((p) => (
              <option key={p} value={p}>
                {t(`projects:platforms.${p}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('configPages:check.version')}>
          <Input value={version} placeholder={appVersionPlaceholder} onChange={(_, data) => setVersion(data.value)} />
        </Field>
        <Field label={t('configPages:check.region')}>
          <Select value={region} onChange={(_, data) => setRegion(data.value)}>
            <option value="">{t('configPages:check.unknown')}</option>
            {countries.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('configPages:check.language')}>
          <Select value={language} onChange={(_, data) => setLanguage(data.value)}>
            <option value="">{t('configPages:check.unknown')}</option>
            {languages.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {kind.parts.targeting ? (
        <>
          <Field label={t('configPages:check.user')}>
            <Select value={knownUser ? 'known' : 'unknown'} onChange={(_, data) => setKnownUser(data.value === 'known')}>
              <option value="unknown">{t('configPages:check.unknownUser')}</option>
              <option value="known">{t('configPages:check.knownUser')}</option>
            </Select>
          </Field>
          {knownUser ? (
            <ReferenceCombobox
              fieldProps={{ label: t('configPages:check.userSegments'), hint: segments.unavailable ? t('configPages:editor.segmentsUnavailable') : undefined, validationMessage: undefined, validationState: 'none' }}
              options={segments.options}
              value={memberships}
              many
              disabled={false}
              onChange={(next) => setMemberships(Array.isArray(next) ? (next as unknown[]).map(String) : [])}
            />
          ) : null}
        </>
      ) : null}
      {evaluation === null ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('configPages:check.incomplete')}</MessageBarBody>
        </MessageBar>
      ) : evaluation.live ? (
        <MessageBar intent="success">
          <MessageBarBody>{t('configPages:check.live')}</MessageBarBody>
        </MessageBar>
      ) : (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('configPages:check.notLive')}</MessageBarTitle>
            <ul className={styles.reasons}>
              {evaluation.reasons.map((reason) => (
                <li key={reason.code}>{reasonText(reason)}</li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      )}
    </fieldset>
  );
}
