import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Select,
  Skeleton,
  SkeletonItem,
  Spinner,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular, Delete20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { segmentDefinitionSchema, segmentFields, segmentInputSchema, subscriptionStates, type Segment, type SegmentField } from '@contract/api/commerce';
import { fieldErrorMessage } from '@contract/field-errors';
import { platforms } from '@contract/resources/projects';
import { comparisonOperators, durationUnits } from '@contract/validation';
import { notify } from '../components/notices';
import { PageHeader } from '../components/page-header';
import { PrefetchLink } from '../components/prefetch-link';
import { SectionCard } from '../components/section-card';
import { useApiMutation, useApiQuery } from '../data/api-hooks';
import { CountryPicker } from '../forms/country-picker';
import { validateWith } from '../forms/validate';
import { errorText } from '../i18n/error-text';
import { useConfirm } from '../resources/confirm-dialog';
import { useDebounced } from '../resources/use-debounced';
import { ProjectPicker, useAreaProject } from './area-project';
import { customersOfSegmentPath, equalityOnly, newRule, toDraft, toRule, type RuleDraft } from './segment-draft';

const useStyles = makeStyles({
  layout: { display: 'grid', gridTemplateColumns: 'minmax(220px, 300px) 1fr', gap: tokens.spacingHorizontalXL, alignItems: 'start', '@media (max-width: 1000px)': { gridTemplateColumns: '1fr' } },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, listStyle: 'none', margin: 0, padding: 0 },
  item: { justifyContent: 'flex-start', width: '100%' },
  editor: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  rule: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-end',
    padding: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  // A field's width holds its box: Fluent's Input is as wide as its text box unless told to fill
  // the field, and overflowing a narrow field it covered the rule's delete button (issue 19 §5).
  small: { width: '140px', '& .fui-Input': { width: '100%', minWidth: 0 } },
  country: { width: '260px' },
  count: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** `/customers/user-segmentation`: saved segments with their rules and a live count of who matches. */
export default function SegmentsPage() {
  const { t } = useTranslation('commercePages');
  const styles = useStyles();
  const choice = useAreaProject('customers');
  const [selected, setSelected] = useState<string | 'new'>('new');
  const list = useApiQuery('segments.list', { params: { projectId: choice.projectId ?? '' } }, { enabled: choice.projectId !== null });
  const segment = selected === 'new' ? null : (list.data?.find((s) => s.id === selected) ?? null);
  return (
    <>
      <PageHeader title={t('segments.title')} description={t('segments.description')} actions={<ProjectPicker area="customers" />} />
      {choice.isPending ? (
        <Skeleton aria-label={t('loading')}>
          <SkeletonItem size={48} />
        </Skeleton>
      ) : !choice.projectId ? (
        <Text className={styles.muted}>{t('project.none')}</Text>
      ) : (
        <div className={styles.layout} key={choice.projectId}>
          <SectionCard title={t('segments.list')}>
            {choice.canWrite ? (
              <Button icon={<Add20Regular />} onClick={() => setSelected('new')}>
                {t('segments.create')}
              </Button>
            ) : null}
            {!list.data ? (
              <Spinner label={t('loading')} />
            ) : list.data.length === 0 ? (
              <Text className={styles.muted}>{t('segments.none')}</Text>
            ) : (
              <ul className={styles.list} aria-label={t('segments.listLabel')}>
                {list.data.map((s) => (
                  <li key={s.id}>
                    <Button className={styles.item} appearance={s.id === selected ? 'secondary' : 'subtle'} aria-current={s.id === selected ? 'true' : undefined} onClick={() => setSelected(s.id)}>
                      {s.name}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </SectionCard>
          <SegmentEditor key={segment ? `${segment.id}:${segment.version}` : 'new'} projectId={choice.projectId} segment={segment} canWrite={choice.canWrite} onSaved={(saved) => setSelected(saved?.id ?? 'new')} />
        </div>
      )}
    </>
  );
}

function SegmentEditor({ projectId, segment, canWrite, onSaved }: { readonly projectId: string; readonly segment: Segment | null; readonly canWrite: boolean; readonly onSaved: (segment: Segment | null) => void }) {
  const { t } = useTranslation(['commercePages', 'operators', 'units', 'projects', 'validation']);
  const styles = useStyles();
  const [name, setName] = useState(segment?.name ?? '');
  const [description, setDescription] = useState(segment?.description ?? '');
  const [match, setMatch] = useState<'all' | 'any'>(segment?.match ?? 'all');
  const [rules, setRules] = useState<RuleDraft[]>(segment ? segment.rules.map(toDraft) : [newRule('platform')]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const entitlements = useApiQuery('entitlements.list', { params: { projectId }, query: { pageSize: 200 } });
  const create = useApiMutation('segments.create', { invalidates: ['segments'] });
  const update = useApiMutation('segments.update', { invalidates: ['segments'] });
  const remove = useApiMutation('segments.delete', { invalidates: ['segments'] });
  const { confirm, element } = useConfirm();

  const definition = { match, rules: rules.map(toRule) };
  const checked = validateWith(segmentDefinitionSchema, definition);
  const settled = useDebounced(checked.ok ? JSON.stringify(checked.data) : null, 400);
  const count = useApiQuery('segments.count', { params: { projectId }, body: settled ? JSON.parse(settled) : definition }, { enabled: settled !== null, placeholderData: (previous) => previous });

  const change = (index: number, next: Partial<RuleDraft>) => setRules(rules.map((rule, i) => (i === index ? { ...rule, ...next } : rule)));
  const messageAt = (path: string) => errors[path];

  const save = async () => {
    setRefusal(null);
    const input = validateWith(segmentInputSchema, { name, description, ...definition });
    if (!input.ok) {
      setErrors(Object.fromEntries(Object.entries(input.errors).map(([path, error]) => [path, fieldErrorMessage(error, t)])));
      return;
    }
    setErrors({});
    try {
      const saved = segment
        ? await update.mutateAsync({ params: { projectId, id: segment.id }, body: { ...input.data, version: segment.version } })
        : await create.mutateAsync({ params: { projectId }, body: input.data });
      notify.message('success', t('segments.saved'));
      onSaved(saved);
    } catch (error) {
      const fields = (error as { fieldErrors?: Record<string, { key: string }> }).fieldErrors;
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([path, e]) => [path, fieldErrorMessage(e, t)])));
      setRefusal(errorText(t, error));
    }
  };

  const drop = async () => {
    if (!segment) return;
    if (!(await confirm({ title: t('segments.deleteTitle', { name: segment.name }), body: t('segments.deleteBody'), confirmLabel: t('segments.delete'), danger: true }))) return;
    try {
      await remove.mutateAsync({ params: { projectId, id: segment.id } });
      notify.message('success', t('segments.deleted'));
      onSaved(null);
    } catch (error) {
      setRefusal(errorText(t, error));
    }
  };

  const valueInput = (rule: RuleDraft, index: number) => {
    const label = t('segments.value');
    const message = messageAt(`rules.${index}.value`) ?? messageAt(`rules.${index}.value.count`);
    const select = (options: ReadonlyArray<readonly [string, string]>) => (
      <Field label={label} validationMessage={message}>
        <Select value={rule.value} disabled={!canWrite} onChange={(_, data) => change(index, { value: data.value })}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Select>
      </Field>
    );
    switch (rule.field) {
      case 'platform':
        return select(platforms.map((p) => [p, t(`projects:platforms.${p}`)] as const));
      case 'access':
        return select([
          ['subscribed', t('customers.accessOptions.subscribed')],
          ['none', t('customers.accessOptions.none')],
        ]);
      case 'subscriptionState':
        return select(subscriptionStates.map((s) => [s, t(`states.${s}`)] as const));
      case 'entitlement':
        return select([['', ''], ...((entitlements.data?.items ?? []) as ReadonlyArray<{ id: string; name: string }>).map((e) => [e.id, e.name] as const)]);
      case 'country':
        return <CountryPicker label={label} className={styles.country} value={rule.value} disabled={!canWrite} onChange={(code) => change(index, { value: code })} />;
      default:
        return (
          <Field label={label} validationMessage={message}>
            <Input value={rule.value} disabled={!canWrite} onChange={(_, data) => change(index, { value: data.value })} />
          </Field>
        );
    }
  };

  return (
    <SectionCard title={segment ? segment.name : t('segments.create')}>
      <div className={styles.editor}>
        <Field label={t('segments.name')} required validationMessage={messageAt('name')}>
          <Input value={name} disabled={!canWrite} onChange={(_, data) => setName(data.value)} />
        </Field>
        <Field label={t('segments.descriptionField')} validationMessage={messageAt('description')}>
          <Textarea value={description} disabled={!canWrite} resize="vertical" onChange={(_, data) => setDescription(data.value)} />
        </Field>
        <Field label={t('segments.match')}>
          <RadioGroup layout="horizontal" value={match} disabled={!canWrite} onChange={(_, data) => setMatch(data.value as 'all' | 'any')}>
            <Radio value="all" label={t('segments.matches.all')} />
            <Radio value="any" label={t('segments.matches.any')} />
          </RadioGroup>
        </Field>
        <Text weight="semibold">{t('segments.rules')}</Text>
        {rules.map((rule, index) => (
          <div key={index} className={styles.rule} role="group" aria-label={t('segments.rule', { number: index + 1 })}>
            <Field label={t('segments.field')}>
              <Select value={rule.field} disabled={!canWrite} onChange={(_, data) => change(index, newRule(data.value as SegmentField))}>
                {segmentFields.map((field) => (
                  <option key={field} value={field}>
                    {t(`segments.fields.${field}`)}
                  </option>
                ))}
              </Select>
            </Field>
            {rule.field === 'attribute' ? (
              <Field label={t('segments.key')} validationMessage={messageAt(`rules.${index}.key`)}>
                <Input value={rule.extra} disabled={!canWrite} onChange={(_, data) => change(index, { extra: data.value })} />
              </Field>
            ) : null}
            <Field label={t('segments.operator')} validationMessage={messageAt(`rules.${index}.operator`)}>
              <Select value={rule.operator} disabled={!canWrite || equalityOnly.has(rule.field)} onChange={(_, data) => change(index, { operator: data.value as RuleDraft['operator'] })}>
                {(equalityOnly.has(rule.field) ? (['eq'] as const) : comparisonOperators).map((op) => (
                  <option key={op} value={op}>
                    {t(`operators:${op}`)}
                  </option>
                ))}
              </Select>
            </Field>
            {valueInput(rule, index)}
            {rule.field === 'spend' ? (
              <Field label={t('segments.currency')} validationMessage={messageAt(`rules.${index}.currency`)} className={styles.small}>
                <Input value={rule.extra} disabled={!canWrite} onChange={(_, data) => change(index, { extra: data.value })} />
              </Field>
            ) : null}
            {rule.field === 'firstSeen' || rule.field === 'lastSeen' ? (
              <Field label={t('unlocks.unit')}>
                <Select value={rule.extra} disabled={!canWrite} onChange={(_, data) => change(index, { extra: data.value })}>
                  {durationUnits.map((unit) => (
                    <option key={unit} value={unit}>
                      {t(`units:${unit}`)}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : null}
            {canWrite && rules.length > 1 ? (
              <Button appearance="subtle" icon={<Delete20Regular />} aria-label={t('segments.removeRule', { number: index + 1 })} onClick={() => setRules(rules.filter((_, i) => i !== index))} />
            ) : null}
          </div>
        ))}
        {messageAt('rules') ? <Text className={styles.error}>{messageAt('rules')}</Text> : null}
        {canWrite ? (
          <div>
            <Button icon={<Add20Regular />} onClick={() => setRules([...rules, newRule('country')])}>
              {t('segments.addRule')}
            </Button>
          </div>
        ) : null}
        <div aria-live="polite">
          {!checked.ok ? (
            <Text className={styles.muted}>{t('segments.fixRules')}</Text>
          ) : count.data ? (
            <div className={styles.actions}>
              <Text className={styles.count} data-testid="segment-count">
                {t('segments.count', { count: count.data.count, of: count.data.of })}
              </Text>
              {segment ? (
                <PrefetchLink to={customersOfSegmentPath(projectId, segment.id)} prefetch="intent">
                  {t('segments.showCustomers')}
                </PrefetchLink>
              ) : (
                <Text className={styles.muted}>{t('segments.saveToShow')}</Text>
              )}
            </div>
          ) : (
            <Text className={styles.muted}>{t('segments.counting')}</Text>
          )}
        </div>
        {refusal ? (
          <MessageBar intent="error">
            <MessageBarBody>{refusal}</MessageBarBody>
          </MessageBar>
        ) : null}
        {canWrite ? (
          <div className={styles.actions}>
            <Button appearance="primary" onClick={() => void save()} disabled={create.isPending || update.isPending}>
              {t('segments.save')}
            </Button>
            {segment ? (
              <Button onClick={() => void drop()} disabled={remove.isPending}>
                {t('segments.delete')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {element}
    </SectionCard>
  );
}
