import {
  Button,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Switch,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { DocumentArrowUp20Regular } from '@fluentui/react-icons';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeColour } from '@contract/validation';
import type { FormField, FormValue } from './form-model';

const useStyles = makeStyles({
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  swatch: {
    width: '20px',
    height: '20px',
    borderRadius: tokens.borderRadiusSmall,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    flexShrink: 0,
  },
  picker: {
    width: '28px',
    height: '24px',
    padding: 0,
    border: 'none',
    background: 'transparent',
    cursor: 'pointer',
  },
  file: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  fileName: { color: tokens.colorNeutralForeground2 },
  hidden: { display: 'none' },
});

/** One choice of a select field: its value and its text in the current language. */
export interface ChoiceOption {
  readonly value: string;
  readonly label: string;
}

export interface FieldInputProps {
  readonly field: FormField;
  readonly label: string;
  readonly value: FormValue;
  readonly onChange: (value: FormValue) => void;
  readonly options?: readonly ChoiceOption[];
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  readonly required?: boolean;
  readonly disabled?: boolean;
}

/** Reads a picked file as text (credential files: a .p8 key, a service-account JSON). */
export function readFileText(file: File): Promise<string> {
  return file.text();
}

/**
 * One form field from its metadata (contract FieldMeta.input): text, textarea, number, select and
 * multiselect, switch, date-time, colour (with a swatch and a picker), JSON, URL, email, file.
 * Every input is a Fluent `Field` so label, hint and validation message read together.
 */
export function FieldInput({ field, label, value, onChange, options = [], error, hint, required, disabled }: FieldInputProps) {
  const styles = useStyles();
  const { t } = useTranslation('resources');
  const fileRef = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const text = typeof value === 'string' ? value : '';
  const locked = disabled || field.locked;
  const common = { name: field.name, disabled: locked };

  let control: ReactNode;
  switch (field.meta.input) {
    case 'textarea':
      control = <Textarea {...common} value={text} resize="vertical" rows={3} onChange={(_, data) => onChange(data.value)} />;
      break;
    case 'json':
      control = <Textarea {...common} value={text} resize="vertical" rows={8} textarea={{ className: styles.mono, spellCheck: false }} onChange={(_, data) => onChange(data.value)} />;
      break;
    case 'number':
      control = <Input {...common} value={text} inputMode="decimal" onChange={(_, data) => onChange(data.value)} />;
      break;
    case 'datetime':
      control = <Input {...common} type="datetime-local" value={text} onChange={(_, data) => onChange(data.value)} />;
      break;
    case 'url':
      control = <Input {...common} type="url" value={text} onChange={(_, data) => onChange(data.value)} />;
      break;
    case 'email':
      control = <Input {...common} type="email" value={text} autoComplete="off" onChange={(_, data) => onChange(data.value)} />;
      break;
    case 'colour': {
      const colour = normalizeColour(text);
      control = (
        <Input
          {...common}
          value={text}
          onChange={(_, data) => onChange(data.value)}
          contentBefore={<span className={styles.swatch} role="img" aria-label={t('form.colourSwatch')} style={{ backgroundColor: colour ?? 'transparent' }} />}
          contentAfter={
            <input
              type="color"
              className={styles.picker}
              aria-label={t('form.colourPicker')}
              value={colour && /^#[0-9a-f]{6}$/i.test(colour) ? colour : '#000000'}
              disabled={locked}
              onChange={(event) => onChange(event.target.value.toUpperCase())}
            />
          }
        />
      );
      break;
    }
    case 'switch':
      control = <Switch {...common} checked={value === true} onChange={(_, data) => onChange(data.checked)} />;
      break;
    case 'select': {
      const selected = options.find((option) => option.value === text);
      control = (
        <Dropdown
          {...common}
          value={selected?.label ?? ''}
          selectedOptions={text ? [text] : []}
          placeholder={options.length > 0 ? t('form.choose') : t('form.noOptions')}
          clearable={field.optional && !locked}
          onOptionSelect={(_, data) => onChange(data.optionValue ?? '')}
        >
          {options.map((option) => (
            <Option key={option.value} value={option.value}>
              {option.label}
            </Option>
          ))}
        </Dropdown>
      );
      break;
    }
    case 'multiselect': {
      const chosen = Array.isArray(value) ? (value as readonly string[]) : [];
      const labels = chosen.map((v) => options.find((option) => option.value === v)?.label ?? v);
      control = (
        <Dropdown
          {...common}
          multiselect
          value={labels.join(', ')}
          selectedOptions={[...chosen]}
          placeholder={options.length > 0 ? t('form.chooseMany') : t('form.noOptions')}
          onOptionSelect={(_, data) => {
            // Keep the order in which the operator picked (an offering's SKUs are shown in it).
            const next = data.selectedOptions;
            onChange([...chosen.filter((v) => next.includes(v)), ...next.filter((v) => !chosen.includes(v))]);
          }}
        >
          {options.map((option) => (
            <Option key={option.value} value={option.value}>
              {option.label}
            </Option>
          ))}
        </Dropdown>
      );
      break;
    }
    case 'file':
      control = (
        <div className={styles.file}>
          <input
            ref={fileRef}
            type="file"
            className={styles.hidden}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              setFileError(null);
              readFileText(file).then(
                (content) => {
                  setFileName(t('form.fileChosen', { name: file.name, size: Math.max(1, Math.round(file.size / 1024)) }));
                  onChange(content);
                },
                () => setFileError(t('form.fileReadFailed')),
              );
              event.target.value = '';
            }}
          />
          <Button icon={<DocumentArrowUp20Regular />} disabled={locked} onClick={() => fileRef.current?.click()}>
            {t('form.fileChoose')}
          </Button>
          <Text className={styles.fileName}>{fileName ?? (text ? t('form.fileChosen', { name: '', size: Math.max(1, Math.round(text.length / 1024)) }) : t('form.fileNone'))}</Text>
        </div>
      );
      break;
    default:
      control = <Input {...common} value={text} onChange={(_, data) => onChange(data.value)} />;
  }

  const hintText = field.locked ? t('form.lockedHint') : field.meta.input === 'json' && !hint ? t('form.jsonHint') : hint;
  return (
    <Field label={label} required={required} validationMessage={fileError ?? error} hint={hintText as never}>
      {control}
    </Field>
  );
}
