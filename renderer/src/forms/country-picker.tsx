import { Combobox, Field, Option } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../data/api-hooks';

/**
 * The country or region picker: the System Management country list by name in the operator's
 * language (with the code), filtered as they type, one country chosen or none.
 *
 * Why not a text box for the two-letter code: operators type "Germany", and a box that keeps two
 * characters turned that into "Ge" and silently found nothing (issue 19 §5). What is typed here only
 * filters; only a chosen country becomes the value.
 */

/** One choice of a reference field: the stored value and what the operator reads. */
export interface ReferenceOption {
  readonly value: string;
  readonly label: string;
  /** For SKUs: the platform whose SKU it is. */
  readonly platform?: string;
}

export interface NamedRow {
  readonly code: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly enabled?: boolean;
}

/** A global list in the operator's language, sorted by what they read. */
export function namedOptions(rows: readonly NamedRow[] | undefined, chinese: boolean): ReferenceOption[] {
  return (rows ?? [])
    .filter((row) => row.enabled !== false)
    .map((row) => ({ value: row.code, label: `${chinese ? row.nameZh : row.nameEn} (${row.code})` }))
    .sort((a, b) => a.label.localeCompare(b.label, chinese ? 'zh-CN' : 'en-US'));
}

/** The System Management country list (two pages of 200 cover the ~250 entries). */
export function useCountryOptions(enabled = true): ReferenceOption[] {
  const { i18n } = useTranslation();
  const first = useApiQuery('countries.list', { query: { pageSize: 200, page: 1 } }, { enabled, staleTime: 600_000 });
  const second = useApiQuery('countries.list', { query: { pageSize: 200, page: 2 } }, { enabled: enabled && (first.data?.total ?? 0) > 200, staleTime: 600_000 });
  const chinese = i18n.language.startsWith('zh');
  return useMemo(() => namedOptions([...(first.data?.items ?? []), ...(second.data?.items ?? [])] as NamedRow[], chinese), [first.data, second.data, chinese]);
}

/** The options whose label holds what was typed (names and codes, any case). */
export function matchingOptions(options: readonly ReferenceOption[], typed: string): readonly ReferenceOption[] {
  const needle = typed.trim().toLowerCase();
  return needle === '' ? options : options.filter((option) => option.label.toLowerCase().includes(needle));
}

export interface CountryPickerProps {
  readonly label: string;
  /** The chosen two-letter code, '' for none. */
  readonly value: string;
  readonly onChange: (code: string) => void;
  /** What "no country" reads (a filter's "Any"); without it a country must be chosen. */
  readonly noneLabel?: string;
  readonly className?: string;
  readonly disabled?: boolean;
}

export function CountryPicker({ label, value, onChange, noneLabel, className, disabled }: CountryPickerProps) {
  const { t } = useTranslation('common');
  const options = useCountryOptions();
  const [typed, setTyped] = useState<string | null>(null);
  const chosen = options.find((option) => option.value === value);
  const shown = chosen?.label ?? (value === '' ? '' : value);
  const visible = matchingOptions(options, typed ?? '').slice(0, 300);
  return (
    <Field label={label} className={className}>
      <Combobox
        value={typed ?? shown}
        selectedOptions={value === '' ? [] : [value]}
        placeholder={noneLabel}
        disabled={disabled}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={() => setTyped(null)}
        onOptionSelect={(_, data) => {
          // Fluent also reports a cleared selection while typing; only a real choice counts.
          if (data.optionValue !== undefined) {
            onChange(data.optionValue);
            setTyped(null);
          }
        }}
      >
        {noneLabel !== undefined && (typed ?? '') === '' ? (
          <Option value="" text={noneLabel}>
            {noneLabel}
          </Option>
        ) : null}
        {visible.map((option) => (
          <Option key={option.value} value={option.value} text={option.label}>
            {option.label}
          </Option>
        ))}
        {visible.length === 0 ? (
          <Option disabled value="-" text="">
            {t('common:form.noMatches')}
          </Option>
        ) : null}
      </Combobox>
    </Field>
  );
}
