import {
  Button,
  Checkbox,
  Combobox,
  Field,
  Input,
  makeStyles,
  Option,
  Select,
  Switch,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { Add16Regular, ArrowDown16Regular, ArrowUp16Regular, Delete16Regular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigFieldMeta } from '@contract/config';
import type { FieldErrors } from '@contract/envelope';
import { fieldErrorMessage } from '@contract/field-errors';
import { toNamespacedKey } from '@contract/i18n/keys';
import { normalizeColour, numberFromInput, percentOff } from '@contract/validation';
import { MediaUploadField } from '../media/media-upload-field';
import { dotted, getAt, setAt, type Path } from './document-path';
import { IdListField } from './id-list-field';
import { firstEntryProblem } from './id-list';
import { useContentTypeOptions, useCountryOptions, useLanguageOptions, useSkuOptions, type ReferenceOption } from './reference-options';
import { CheckboxGroup } from '../forms/checkbox-group';

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  group: {
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
  element: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  elementHead: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  grow: { flexGrow: 1 },
  checks: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
  colour: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  swatch: { width: '24px', height: '24px', borderRadius: tokens.borderRadiusMedium, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}` },
  error: { color: tokens.colorPaletteRedForeground1 },
  means: { color: tokens.colorNeutralForeground2, whiteSpace: 'nowrap' },
});

/** What every field of the document form receives. */
export interface DocumentFieldContext {
  readonly document: Record<string, unknown>;
  readonly onChange: (next: Record<string, unknown>) => void;
  /** Problems and refusals by dotted path. */
  readonly problems: FieldErrors;
  readonly projectId: string;
  readonly disabled: boolean;
  /** Told while a media upload runs, so saving waits for it. */
  readonly onBusyChange?: (busy: boolean) => void;
}

function labelOf(t: (key: string) => string, key: string): string {
  return t(toNamespacedKey(key));
}

/**
 * The fields of a document, drawn from the kind's field metadata (contract/config/define-kind.ts
 * `ConfigFieldMeta`): text, numbers, choices, switches, colours, media uploads, clock times,
 * references to SKUs and the global lists, nested groups and lists of elements. Every kind's editor
 * uses it; a kind with a custom editor adds to it, it does not replace it.
 */
export function DocumentFields({ meta, path, context }: { readonly meta: Readonly<Record<string, ConfigFieldMeta>>; readonly path: Path; readonly context: DocumentFieldContext }) {
  const styles = useStyles();
  return (
    <div className={styles.fields}>
      {Object.entries(meta).map(([key, fieldMeta]) => (
        <DocumentField key={key} meta={fieldMeta} path={[...path, key]} context={context} />
      ))}
    </div>
  );
}

/** One field by its metadata. */
export function DocumentField({ meta, path, context }: { readonly meta: ConfigFieldMeta; readonly path: Path; readonly context: DocumentFieldContext }) {
  const { t } = useTranslation(['config', 'configPages', 'validation', 'operators']);
  const styles = useStyles();
  const value = getAt(context.document, path);
  const set = (next: unknown) => context.onChange(setAt(context.document, path, next) as Record<string, unknown>);
  const error = context.problems[dotted(path)];
  // An id list shows the first problem of one of its entries too (`patterns.1`), naming the line.
  const entry = !error && meta.input === 'idList' ? firstEntryProblem(context.problems, dotted(path)) : undefined;
  const message = error ? fieldErrorMessage(error, t) : entry ? t('configPages:editor.idListEntryError', { number: entry.index + 1, message: fieldErrorMessage(entry.error, t) }) : undefined;
  const label = labelOf(t, meta.labelKey);
  const hint = meta.helpKey ? labelOf(t, meta.helpKey) : undefined;
  const fieldProps = { label, hint, validationMessage: message, validationState: message ? ('error' as const) : ('none' as const) };
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  // A field for some values of another only (an Image & Text popup's image) is left out otherwise.
  if (meta.shownWhen && !meta.shownWhen.values.includes(String(context.document[meta.shownWhen.field]))) return null;

  switch (meta.input) {
    case 'text':
      return (
        <Field {...fieldProps}>
          <Input value={text} disabled={context.disabled} onChange={(_, data) => set(data.value === '' ? undefined : data.value)} />
        </Field>
      );
    case 'textarea':
      return (
        <Field {...fieldProps}>
          <Textarea value={text} resize="vertical" disabled={context.disabled} onChange={(_, data) => set(data.value === '' ? undefined : data.value)} />
        </Field>
      );
    case 'number':
      return <NumberField fieldProps={fieldProps} value={value} disabled={context.disabled} onChange={set} unit={meta.unit} />;
    case 'clock':
      return (
        <Field {...fieldProps}>
          <Input type="time" value={text} disabled={context.disabled} onChange={(_, data) => set(data.value === '' ? undefined : data.value)} />
        </Field>
      );
    case 'colour':
      return (
        <Field {...fieldProps}>
          <div className={styles.colour}>
            {/* The swatch shows only what the app would take (#RGB, #RRGGBB, #RRGGBBAA); anything else leaves it empty. */}
            <span className={styles.swatch} style={{ background: normalizeColour(text) ?? 'transparent' }} aria-hidden data-testid="colour-swatch" />
            <Input value={text} placeholder={t('configPages:editor.colourPlaceholder')} disabled={context.disabled} onChange={(_, data) => set(data.value === '' ? undefined : data.value)} />
          </div>
        </Field>
      );
    case 'switch':
      return (
        <Field {...fieldProps}>
          <Switch checked={value === true} disabled={context.disabled} onChange={(_, data) => set(data.checked)} />
        </Field>
      );
    case 'select':
      return (
        <Field {...fieldProps}>
          <Select value={text} disabled={context.disabled} onChange={(_, data) => set(data.value === '' ? undefined : data.value)}>
            <option value="">{t('configPages:editor.choose')}</option>
            {(meta.options ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {labelOf(t, option.labelKey)}
              </option>
            ))}
          </Select>
        </Field>
      );
    case 'multiselect': {
      const chosen = Array.isArray(value) ? (value as unknown[]).map(String) : [];
      if (meta.source) return <ReferenceField meta={meta} path={path} fieldProps={fieldProps} value={value} many context={context} onChange={set} />;
      return (
        <Field {...fieldProps}>
          <CheckboxGroup className={styles.checks}>
            {(meta.options ?? []).map((option) => (
              <Checkbox
                key={option.value}
                label={labelOf(t, option.labelKey)}
                checked={chosen.includes(option.value)}
                disabled={context.disabled}
                onChange={(_, data) => set(data.checked ? [...chosen, option.value] : chosen.filter((v) => v !== option.value))}
              />
            ))}
          </CheckboxGroup>
        </Field>
      );
    }
    case 'reference':
      return <ReferenceField meta={meta} path={path} fieldProps={fieldProps} value={value} many={Array.isArray(value) || meta.source === 'countries'} context={context} onChange={set} />;
    case 'media':
      return meta.mediaRule ? (
        <MediaUploadField
          ruleId={meta.mediaRule}
          projectId={context.projectId}
          label={label}
          value={typeof value === 'string' ? value : null}
          onChange={(url) => set(url ?? undefined)}
          {...(context.onBusyChange ? { onBusyChange: context.onBusyChange } : {})}
          {...(message ? { validationMessage: message } : {})}
          disabled={context.disabled}
        />
      ) : null;
    case 'group': {
      // A group the document may leave out has a switch; off, the group is absent and its fields hidden.
      const present = !meta.optional || (value !== undefined && value !== null);
      return (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{label}</legend>
          {meta.optional ? (
            <Switch label={t('configPages:editor.includeGroup')} aria-label={label} checked={present} disabled={context.disabled} onChange={(_, data) => set(data.checked ? {} : undefined)} />
          ) : null}
          {hint ? <Text size={200}>{hint}</Text> : null}
          {message ? <Text className={styles.error}>{message}</Text> : null}
          {present ? <DocumentFields meta={meta.items ?? {}} path={path} context={context} /> : null}
        </fieldset>
      );
    }
    case 'idList':
      return <IdListField label={label} hint={hint} validationMessage={message} value={value} separator={meta.separator ?? 'ids'} disabled={context.disabled} onChange={set} />;
    case 'list':
      return <ListField meta={meta} path={path} label={label} message={message} value={value} context={context} onChange={set} />;
    default: {
      const unknown: never = meta.input;
      throw new Error(`Unknown field input ${String(unknown)}`);
    }
  }
}

type FieldProps = { label: string; hint: string | undefined; validationMessage: string | undefined; validationState: 'error' | 'none' };

/** A number typed as text: kept as the number it means, or as the text while it is not one (the problem says so). */
function NumberField({
  fieldProps,
  value,
  disabled,
  onChange,
  unit,
}: {
  readonly fieldProps: FieldProps;
  readonly value: unknown;
  readonly disabled: boolean;
  readonly onChange: (next: unknown) => void;
  readonly unit: ConfigFieldMeta['unit'];
}) {
  const { t } = useTranslation(['configPages']);
  const styles = useStyles();
  const [draftText, setDraftText] = useState<string | null>(null);
  // A discount reads both ways: the ratio typed, and what it means to a buyer (0.8 = 20% off, 8 折).
  const means =
    unit === 'discount' && typeof value === 'number' && value > 0 && value <= 1
      ? t('configPages:editor.discountMeans', { percent: percentOff(value), tenths: Math.round(value * 100) / 10 })
      : unit === 'seconds'
        ? t('configPages:editor.seconds')
        : null;
  const shown = draftText ?? (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '');
  return (
    <Field {...fieldProps}>
      <Input
        inputMode="decimal"
        value={shown}
        disabled={disabled}
        onChange={(_, data) => {
          setDraftText(data.value);
          const parsed = numberFromInput(data.value);
          onChange(typeof parsed === 'number' && !Number.isNaN(parsed) ? parsed : data.value === '' ? undefined : data.value);
        }}
        onBlur={() => setDraftText(null)}
        contentAfter={means ? <Text className={styles.means}>{means}</Text> : undefined}
      />
    </Field>
  );
}

/** A list of elements (a page's plans): add, remove, move up and down. */
function ListField({
  meta,
  path,
  label,
  message,
  value,
  context,
  onChange,
}: {
  readonly meta: ConfigFieldMeta;
  readonly path: Path;
  readonly label: string;
  readonly message: string | undefined;
  readonly value: unknown;
  readonly context: DocumentFieldContext;
  readonly onChange: (next: unknown) => void;
}) {
  const { t } = useTranslation(['configPages']);
  const styles = useStyles();
  const list = Array.isArray(value) ? (value as unknown[]) : [];
  const move = (from: number, to: number) => {
    const copy = [...list];
    const [moved] = copy.splice(from, 1);
    copy.splice(to, 0, moved);
    onChange(copy);
  };
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{label}</legend>
      {message ? <Text className={styles.error}>{message}</Text> : null}
      {list.map((_, index) => {
        const name = t('configPages:editor.element', { label, number: index + 1 });
        return (
          <section key={index} className={styles.element} aria-label={name}>
            <div className={styles.elementHead}>
              <Text weight="semibold" className={styles.grow}>
                {name}
              </Text>
              <Button size="small" appearance="subtle" icon={<ArrowUp16Regular />} aria-label={t('configPages:editor.moveUp', { name })} disabled={context.disabled || index === 0} onClick={() => move(index, index - 1)} />
              <Button
                size="small"
                appearance="subtle"
                icon={<ArrowDown16Regular />}
                aria-label={t('configPages:editor.moveDown', { name })}
                disabled={context.disabled || index === list.length - 1}
                onClick={() => move(index, index + 1)}
              />
              <Button size="small" appearance="subtle" icon={<Delete16Regular />} aria-label={t('configPages:editor.remove', { name })} disabled={context.disabled} onClick={() => onChange(list.filter((__, i) => i !== index))} />
            </div>
            <DocumentFields meta={meta.items ?? {}} path={[...path, index]} context={context} />
          </section>
        );
      })}
      <div>
        <Button icon={<Add16Regular />} disabled={context.disabled} onClick={() => onChange([...list, {}])}>
          {t('configPages:editor.add', { label })}
        </Button>
      </div>
    </fieldset>
  );
}

/** The platform a SKU reference is for, read from its path (`plans.0.products.ios.productId`). */
function platformOfPath(path: Path): string | undefined {
  return path.find((segment) => segment === 'ios' || segment === 'android') as string | undefined;
}

/**
 * A reference to SKUs or the global lists: a searchable combobox (many values for lists). Values
 * that name nothing stay visible, so the problem the server lists next to them makes sense.
 */
function ReferenceField({
  meta,
  path,
  fieldProps,
  value,
  many,
  context,
  onChange,
}: {
  readonly meta: ConfigFieldMeta;
  readonly path: Path;
  readonly fieldProps: FieldProps;
  readonly value: unknown;
  readonly many: boolean;
  readonly context: DocumentFieldContext;
  readonly onChange: (next: unknown) => void;
}) {
  const countries = useCountryOptions(meta.source === 'countries');
  const languages = useLanguageOptions(meta.source === 'languages');
  const skus = useSkuOptions(context.projectId, meta.source === 'skus');
  const contentTypes = useContentTypeOptions(context.projectId, meta.source === 'contentTypes');
  const platform = platformOfPath(path);
  const options: ReferenceOption[] = useMemo(() => {
    if (meta.source === 'countries') return countries;
    if (meta.source === 'languages') return languages;
    if (meta.source === 'contentTypes') return contentTypes;
    return skus.filter((sku) => !platform || sku.platform === platform);
  }, [meta.source, countries, languages, contentTypes, skus, platform]);
  return <ReferenceCombobox fieldProps={fieldProps} options={options} value={value} many={many} disabled={context.disabled} onChange={onChange} />;
}

/** A combobox over options, filtering as the operator types; one value or many. */
export function ReferenceCombobox({
  fieldProps,
  options,
  value,
  many,
  disabled,
  onChange,
  emptyText,
}: {
  readonly fieldProps: FieldProps;
  readonly options: readonly ReferenceOption[];
  readonly value: unknown;
  readonly many: boolean;
  readonly disabled: boolean;
  readonly onChange: (next: unknown) => void;
  /** What the open list says when there is nothing at all to choose from (a default otherwise). */
  readonly emptyText?: string;
}) {
  const { t } = useTranslation(['configPages']);
  const [query, setQuery] = useState<string | null>(null);
  const selected = many ? (Array.isArray(value) ? (value as unknown[]).map(String) : []) : typeof value === 'string' && value !== '' ? [value] : [];
  const labelByValue = new Map(options.map((option) => [option.value, option.label]));
  const shownValue = many ? selected.map((v) => labelByValue.get(v) ?? v).join(', ') : (selected[0] ? (labelByValue.get(selected[0]) ?? selected[0]) : '');
  const needle = (query ?? '').trim().toLowerCase();
  const visible = (needle === '' ? options : options.filter((option) => option.label.toLowerCase().includes(needle))).slice(0, 300);
  const unknownSelected = selected.filter((v) => !labelByValue.has(v));
  return (
    <Field {...fieldProps}>
      <Combobox
        multiselect={many}
        freeform={!many}
        disabled={disabled}
        value={query ?? shownValue}
        selectedOptions={selected}
        placeholder={t('configPages:editor.search')}
        onChange={(event) => setQuery(event.target.value)}
        onBlur={() => {
          // What was typed into a single reference counts as typed: an option's label picks that
          // option, blank clears, anything else is kept as the value (and the server says if it
          // names nothing).
          if (!many && query !== null) {
            const typed = query.trim();
            const byLabel = options.find((option) => option.label === typed);
            onChange(typed === '' ? undefined : (byLabel?.value ?? typed));
          }
          setQuery(null);
        }}
        onOptionSelect={(_, data) => {
          if (many) onChange(data.selectedOptions);
          else if (data.optionValue !== undefined) {
            // Fluent also reports a cleared selection while typing; only a real choice counts here.
            onChange(data.optionValue);
            setQuery(null);
          }
        }}
      >
        {[...unknownSelected.map((v) => ({ value: v, label: v })), ...visible].map((option) => (
          <Option key={option.value} value={option.value} text={option.label}>
            {option.label}
          </Option>
        ))}
        {unknownSelected.length === 0 && visible.length === 0 ? (
          // An open list always says why it is empty, instead of an empty box over the field's hint.
          <Option disabled value="" text="">
            {options.length === 0 ? (emptyText ?? t('configPages:editor.noOptionsYet')) : t('configPages:editor.noOptions')}
          </Option>
        ) : null}
      </Combobox>
    </Field>
  );
}
