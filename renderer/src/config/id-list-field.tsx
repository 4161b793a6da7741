import { Button, Field, makeStyles, Text, Textarea, tokens } from '@fluentui/react-components';
import { DocumentArrowUp20Regular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ID_FILE_MAX_BYTES, idsFromFile, mergeIds, parseIdList, type IdSeparator } from './id-list';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  hidden: { display: 'none' },
  list: { fontFamily: tokens.fontFamilyMonospace },
});

export interface IdListFieldProps {
  readonly label: string;
  readonly hint: string | undefined;
  readonly validationMessage: string | undefined;
  readonly value: unknown;
  readonly separator: IdSeparator;
  readonly disabled: boolean;
  readonly onChange: (next: string[]) => void;
}

/**
 * An `idList` field (contract/config/define-kind.ts): one entry per line, pasted or typed, or
 * imported from a CSV or text file and added to those listed (id-list.ts reads both). What is typed
 * stays as typed while the field has focus; the entries it means are the value.
 */
export function IdListField({ label, hint, validationMessage, value, separator, disabled, onChange }: IdListFieldProps) {
  const { t } = useTranslation(['configPages']);
  const styles = useStyles();
  const file = useRef<HTMLInputElement>(null);
  const [typing, setTyping] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const entries = Array.isArray(value) ? (value as unknown[]).map(String) : [];

  const onFile = async (picked: File | undefined) => {
    if (!picked) return;
    if (picked.size > ID_FILE_MAX_BYTES) {
      setNotice(t('configPages:editor.importTooLarge'));
      return;
    }
    try {
      const merged = mergeIds(entries, idsFromFile(await picked.text(), separator));
      onChange(merged.ids);
      setTyping(null);
      setNotice(t('configPages:editor.imported', { added: merged.added, repeated: merged.repeated }));
    } catch {
      setNotice(t('configPages:editor.importUnreadable'));
    }
  };

  return (
    <div>
      <Field label={label} hint={hint} validationMessage={validationMessage} validationState={validationMessage ? 'error' : 'none'}>
        <Textarea
          className={styles.list}
          resize="vertical"
          rows={Math.min(8, Math.max(3, entries.length + 1))}
          value={typing ?? entries.join('\n')}
          disabled={disabled}
          onChange={(_, data) => {
            setTyping(data.value);
            setNotice(null);
            onChange(parseIdList(data.value, separator));
          }}
          onBlur={() => setTyping(null)}
        />
      </Field>
      <div className={styles.row}>
        <Text size={200} className={styles.muted} aria-live="polite">
          {notice ?? t('configPages:editor.idListCount', { count: entries.length })}
        </Text>
        <Button size="small" icon={<DocumentArrowUp20Regular />} disabled={disabled} onClick={() => file.current?.click()}>
          {t('configPages:editor.importFile')}
        </Button>
        <input
          ref={file}
          className={styles.hidden}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          tabIndex={-1}
          aria-label={t('configPages:editor.importFile')}
          onChange={(event) => {
            void onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
    </div>
  );
}
