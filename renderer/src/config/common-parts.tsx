import { Checkbox, Field, Input, makeStyles, Switch, Text, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { appVersionPlaceholder } from '@contract/validation';
import { instantOfWallTime, isTimeZone, wallTimeText, type AnyConfigKind, type ConfigItem } from '@contract/config';
import { fieldErrorMessage } from '@contract/field-errors';
import { platforms } from '@contract/resources/projects';
import { ReferenceCombobox, type DocumentFieldContext } from './document-fields';
import { dotted, getAt, setAt, type Path } from './document-path';
import { useLanguageOptions } from './reference-options';
import { useConfigList } from './config-api';
import { configKinds } from '@contract/config';
import { useApiQuery } from '../data/api-hooks';
import { CheckboxGroup } from '../forms/checkbox-group';

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`,
    margin: 0,
    minWidth: 0,
  },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: `0 ${tokens.spacingHorizontalXS}` },
  row: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: tokens.spacingHorizontalM },
  checks: { display: 'flex', gap: tokens.spacingHorizontalL },
});

/** The zones the runtime knows, for the time zone combobox. */
function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : ['UTC'];
}

function useFieldError(context: DocumentFieldContext) {
  const { t } = useTranslation(['validation', 'config']);
  return (path: Path) => {
    const error = context.problems[dotted(path)];
    return error ? fieldErrorMessage(error, t) : undefined;
  };
}

/**
 * The schedule of a kind that has one: start and end as wall-clock times in the chosen IANA zone
 * (stored as instants), an optional daily window, and the state they give right now.
 */
export function ScheduleSection({ context }: { readonly context: DocumentFieldContext }) {
  const { t } = useTranslation(['config', 'configPages']);
  const styles = useStyles();
  const errorAt = useFieldError(context);
  const zones = useMemo(() => timeZones().map((zone) => ({ value: zone, label: zone })), []);
  const schedule = (getAt(context.document, ['schedule']) ?? {}) as Record<string, unknown>;
  const zone = typeof schedule.timeZone === 'string' && isTimeZone(schedule.timeZone) ? schedule.timeZone : 'UTC';
  const set = (key: string, value: unknown) => context.onChange(setAt(context.document, ['schedule', key], value) as Record<string, unknown>);
  const wall = (key: 'startsAt' | 'endsAt') => {
    const value = schedule[key];
    return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? wallTimeText(value, zone) : '';
  };
  const setWall = (key: 'startsAt' | 'endsAt', local: string) => {
    if (local === '') return set(key, null);
    const instant = instantOfWallTime(local, zone);
    set(key, instant ? instant.toISOString() : local);
  };
  const daily = schedule.daily as { from?: string; to?: string } | null | undefined;
  const errorProps = (path: Path) => {
    const message = errorAt(path);
    return { validationMessage: message, validationState: message ? ('error' as const) : ('none' as const) };
  };
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{t('config:common.fields.schedule')}</legend>
      <ReferenceCombobox
        fieldProps={{ label: t('config:common.fields.timeZone'), hint: t('configPages:editor.timeZoneHint'), ...errorProps(['schedule', 'timeZone']) }}
        options={zones}
        value={schedule.timeZone}
        many={false}
        disabled={context.disabled}
        onChange={(next) => {
          // Keep the wall-clock times the operator typed: re-read them in the new zone.
          const nextZone = typeof next === 'string' && isTimeZone(next) ? next : null;
          let document = setAt(context.document, ['schedule', 'timeZone'], next) as Record<string, unknown>;
          if (nextZone) {
            for (const key of ['startsAt', 'endsAt'] as const) {
              const local = wall(key);
              if (local !== '') document = setAt(document, ['schedule', key], instantOfWallTime(local, nextZone)?.toISOString() ?? null) as Record<string, unknown>;
            }
          }
          context.onChange(document);
        }}
      />
      <div className={styles.row}>
        <Field label={t('config:common.fields.startsAt')} hint={t('configPages:editor.openStart')} {...errorProps(['schedule', 'startsAt'])}>
          <Input type="datetime-local" value={wall('startsAt')} disabled={context.disabled} onChange={(_, data) => setWall('startsAt', data.value)} />
        </Field>
        <Field label={t('config:common.fields.endsAt')} hint={t('configPages:editor.openEnd')} {...errorProps(['schedule', 'endsAt'])}>
          <Input type="datetime-local" value={wall('endsAt')} disabled={context.disabled} onChange={(_, data) => setWall('endsAt', data.value)} />
        </Field>
      </div>
      <Field label={t('config:common.fields.daily')} {...errorProps(['schedule', 'daily'])}>
        <Switch
          checked={Boolean(daily)}
          disabled={context.disabled}
          label={daily ? t('configPages:editor.dailyOn') : t('configPages:editor.dailyOff')}
          onChange={(_, data) => set('daily', data.checked ? { from: '09:00', to: '21:00' } : null)}
        />
      </Field>
      {daily ? (
        <div className={styles.row}>
          <Field label={t('config:common.fields.dailyFrom')} {...errorProps(['schedule', 'daily', 'from'])}>
            <Input type="time" value={daily.from ?? ''} disabled={context.disabled} onChange={(_, data) => set('daily', { ...daily, from: data.value })} />
          </Field>
          <Field label={t('config:common.fields.dailyTo')} {...errorProps(['schedule', 'daily', 'to'])}>
            <Input type="time" value={daily.to ?? ''} disabled={context.disabled} onChange={(_, data) => set('daily', { ...daily, to: data.value })} />
          </Field>
        </div>
      ) : null}
    </fieldset>
  );
}

const regionGroupKind = configKinds.find((kind) => kind.name === 'regionGroups') as AnyConfigKind;

/**
 * The project's user segments as choices (User segmentation's list). Reading them needs access to
 * customers; without it the list fails and chosen segments show by id (`unavailable`).
 */
export function useSegmentOptions(projectId: string, enabled = true) {
  const segments = useApiQuery('segments.list', { params: { projectId } }, { retry: false, enabled });
  const options = useMemo(() => (segments.data ?? []).map((segment) => ({ value: segment.id, label: segment.name })), [segments.data]);
  return { options, unavailable: segments.isError };
}

/** Who an item is for: platforms, app versions, region groups to include and exclude, languages, user segments. */
export function TargetingSection({ context }: { readonly context: DocumentFieldContext }) {
  const { t } = useTranslation(['config', 'configPages', 'projects']);
  const styles = useStyles();
  const errorAt = useFieldError(context);
  const targeting = (getAt(context.document, ['targeting']) ?? {}) as Record<string, unknown>;
  const set = (path: Path, value: unknown) => context.onChange(setAt(context.document, ['targeting', ...path], value) as Record<string, unknown>);
  const groups = useConfigList(regionGroupKind, context.projectId, { pageSize: 200, sort: 'name:asc' });
  const groupOptions = useMemo(() => (groups.data?.items ?? []).map((item: ConfigItem) => ({ value: item.id, label: item.name })), [groups.data]);
  const languages = useLanguageOptions();
  const segments = useSegmentOptions(context.projectId);
  const chosenPlatforms = Array.isArray(targeting.platforms) ? (targeting.platforms as string[]) : [];
  const errorProps = (path: Path) => {
    const message = errorAt(['targeting', ...path]);
    return { validationMessage: message, validationState: message ? ('error' as const) : ('none' as const) };
  };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{t('config:common.fields.targeting')}</legend>
      <Text size={200}>{t('configPages:editor.targetingHint')}</Text>
      <Field label={t('config:common.fields.platforms')} {...errorProps(['platforms'])}>
        <CheckboxGroup className={styles.checks}>
          {platforms.map((platform) => (
            <Checkbox
              key={platform}
              label={t(`projects:platforms.${platform}`)}
              checked={chosenPlatforms.includes(platform)}
              disabled={context.disabled}
              onChange={(_, data) => set(['platforms'], data.checked ? [...chosenPlatforms, platform] : chosenPlatforms.filter((p) => p !== platform))}
            />
          ))}
        </CheckboxGroup>
      </Field>
      <div className={styles.row}>
        <Field label={t('config:common.fields.minVersion')} {...errorProps(['minVersion'])}>
          <Input value={text(targeting.minVersion)} placeholder={appVersionPlaceholder} disabled={context.disabled} onChange={(_, data) => set(['minVersion'], data.value === '' ? null : data.value)} />
        </Field>
        <Field label={t('config:common.fields.maxVersion')} {...errorProps(['maxVersion'])}>
          <Input value={text(targeting.maxVersion)} placeholder={appVersionPlaceholder} disabled={context.disabled} onChange={(_, data) => set(['maxVersion'], data.value === '' ? null : data.value)} />
        </Field>
      </div>
      <div className={styles.row}>
        <ReferenceCombobox
          fieldProps={{ label: t('config:common.fields.regionGroupsInclude'), hint: undefined, ...errorProps(['regionGroups', 'include']) }}
          options={groupOptions}
          value={getAt(targeting, ['regionGroups', 'include'])}
          many
          disabled={context.disabled}
          onChange={(next) => set(['regionGroups', 'include'], next)}
        />
        <ReferenceCombobox
          fieldProps={{ label: t('config:common.fields.regionGroupsExclude'), hint: undefined, ...errorProps(['regionGroups', 'exclude']) }}
          options={groupOptions}
          value={getAt(targeting, ['regionGroups', 'exclude'])}
          many
          disabled={context.disabled}
          onChange={(next) => set(['regionGroups', 'exclude'], next)}
        />
      </div>
      <ReferenceCombobox
        fieldProps={{ label: t('config:common.fields.languages'), hint: undefined, ...errorProps(['languages']) }}
        options={languages}
        value={targeting.languages}
        many
        disabled={context.disabled}
        onChange={(next) => set(['languages'], next)}
      />
      <ReferenceCombobox
        fieldProps={{
          label: t('config:common.fields.segmentsInclude'),
          hint: segments.unavailable ? t('configPages:editor.segmentsUnavailable') : t('configPages:editor.segmentsHint'),
          ...errorProps(['segments', 'include']),
        }}
        options={segments.options}
        emptyText={t('configPages:editor.segmentsNone')}
        value={getAt(targeting, ['segments', 'include'])}
        many
        disabled={context.disabled}
        onChange={(next) => set(['segments', 'include'], next)}
      />
    </fieldset>
  );
}
