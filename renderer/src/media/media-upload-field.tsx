import {
  Button,
  Field,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  ProgressBar,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowUpload20Regular, Delete20Regular, DismissCircle20Regular } from '@fluentui/react-icons';
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatBytes,
  mediaHint,
  mediaPreviewPath,
  mediaRules,
  mediaTypeInfo,
  mediaTypeOfName,
  type MediaKind,
  type MediaRuleId,
  type MediaType,
  type MediaUpload,
} from '@contract/media';
import { errorKey } from '@contract/errors';
import type { PaletteBridge } from '@contract/ipc';
import { useAppInfo } from '../data/app-info';
import { OnlineOnly } from '../components/offline/online-only';
import { isBusy, type FieldFile, type MediaFieldState } from './field-state';
import { formatMediaHint, formatSeconds, percentOf, refusalText } from './hint';
import { PagPreview } from './pag/pag-preview';
import { useMediaField } from './use-media-field';

const useStyles = makeStyles({
  zone: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  zoneActive: { border: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  row: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  preview: {
    display: 'block',
    maxWidth: '240px',
    maxHeight: '240px',
    objectFit: 'contain',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  audio: { display: 'block', width: '320px', maxWidth: '100%' },
  pag: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    maxWidth: '320px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
  hiddenInput: { display: 'none' },
});

export interface MediaUploadFieldProps {
  readonly ruleId: MediaRuleId;
  /** The project uploads go to; null while the item is not saved (the file is checked but waits). */
  readonly projectId: string | null;
  /** The field's label, already translated. */
  readonly label: string;
  /** The stored file's URL (what the resource keeps), or null. */
  readonly value: string | null;
  readonly onChange: (url: string | null, upload: MediaUpload | null) => void;
  /** Told when a check or an upload starts or ends, so the form can hold its submit meanwhile. */
  readonly onBusyChange?: (busy: boolean) => void;
  readonly required?: boolean;
  /** A form-level message for the field (required, server refusal), already translated. */
  readonly validationMessage?: string;
  readonly disabled?: boolean;
  /** Tests and stories pass a bridge; the console uses `getBridge()`. */
  readonly bridge?: PaletteBridge;
}

interface Facts {
  readonly name: string;
  readonly type: MediaType | null;
  readonly kind: MediaKind | null;
  readonly bytes: number | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly durationMs: number | null;
  readonly src: string | null;
  /** Where the page may fetch the bytes (the console's own origin; not a blob: URL): PAG plays from here. */
  readonly bytesUrl: string | null;
}

function factsOfFile(file: FieldFile): Facts {
  return {
    name: file.name,
    type: file.type,
    kind: file.kind,
    bytes: file.bytes,
    width: file.width,
    height: file.height,
    durationMs: file.durationMs,
    src: file.localPreviewUrl ?? file.previewDataUrl ?? file.previewUrl,
    bytesUrl: file.previewUrl,
  };
}

function factsOfValue(value: string, lastUpload: MediaUpload | null): Facts {
  // What the last upload answered describes the value only while the value is still that upload.
  const upload = lastUpload?.url === value ? lastUpload : null;
  const type = upload?.type ?? mediaTypeOfName(value);
  return {
    name: upload?.name ?? value.slice(value.lastIndexOf('/') + 1),
    type,
    kind: type ? mediaTypeInfo[type].kind : null,
    bytes: upload?.size ?? null,
    width: upload?.width ?? null,
    height: upload?.height ?? null,
    durationMs: upload?.durationMs ?? null,
    src: mediaPreviewPath(value),
    bytesUrl: mediaPreviewPath(value),
  };
}

/** "PNG · 1080 × 1920 · 1.2 MB · 12 s": what is known of a file, in the operator's language. */
function FactsLine({ facts }: { readonly facts: Facts }) {
  const { t } = useTranslation('media');
  const styles = useStyles();
  const parts: string[] = [];
  if (facts.type) parts.push(mediaTypeInfo[facts.type].label);
  // Audio has no picture (its width and height are 0): only its length is told.
  if (facts.width !== null && facts.height !== null && facts.kind !== 'audio') parts.push(t('info.dimensions', { width: facts.width, height: facts.height }));
  if (facts.bytes !== null) parts.push(formatBytes(facts.bytes));
  if (facts.durationMs !== null && facts.kind !== 'image') parts.push(t('info.duration', { seconds: formatSeconds(facts.durationMs) }));
  return (
    <Text size={200} className={styles.muted}>
      {facts.name}
      {parts.length > 0 ? ` · ${parts.join(' · ')}` : null}
    </Text>
  );
}

/** The picture, the playing video, the playing PAG animation, or the audio's player. */
function MediaPreview({ facts }: { readonly facts: Facts }) {
  const { t } = useTranslation('media');
  const styles = useStyles();
  if (facts.kind === 'pag') {
    if (facts.bytesUrl) return <PagPreview src={facts.bytesUrl} name={facts.name} width={facts.width} height={facts.height} />;
    return (
      <div className={styles.pag}>
        <Text weight="semibold">{t('pag.title')}</Text>
        <Text size={200} className={styles.muted}>
          {t('pag.failed.fetch')}
        </Text>
      </div>
    );
  }
  if (!facts.src) return null;
  if (facts.kind === 'audio') {
    // Not autoplayed: a form full of music fields must not start playing on its own.
    return <audio className={styles.audio} src={facts.src} controls preload="metadata" aria-label={t('field.previewAlt', { name: facts.name })} />;
  }
  if (facts.kind === 'video') {
    return <video className={styles.preview} src={facts.src} controls muted loop autoPlay playsInline aria-label={t('field.previewAlt', { name: facts.name })} />;
  }
  return <img className={styles.preview} src={facts.src} alt={t('field.previewAlt', { name: facts.name })} />;
}

function progressOf(state: MediaFieldState): { percent: number; value: number } | null {
  if (state.phase !== 'uploading') return null;
  const percent = percentOf(state.sent, state.total);
  return { percent, value: percent / 100 };
}

/**
 * A media field for any resource form: the rule's hint, a drop zone and a file button, the check's
 * outcome in the operator's language before anything is uploaded, then progress with cancel, and
 * the preview (picture, playing video, playing PAG animation, or an audio player) with replace and remove.
 *
 * The value is the stored file's URL; `onChange` also hands over the upload record (id, size,
 * pixels, duration) for forms that keep more.
 */
export function MediaUploadField(props: MediaUploadFieldProps) {
  const { t, i18n } = useTranslation(['media', 'errors', 'common']);
  const styles = useStyles();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const appInfo = useAppInfo();
  const [dragging, setDragging] = useState(false);
  const [dropNotice, setDropNotice] = useState(false);
  const [lastUpload, setLastUpload] = useState<MediaUpload | null>(null);
  const { onChange, onBusyChange } = props;
  const field = useMediaField({
    ruleId: props.ruleId,
    projectId: props.projectId,
    nativePicker: appInfo.data?.edition === 'desktop',
    bridge: props.bridge,
    onChange: (url, upload) => {
      setLastUpload(upload);
      onChange(url, upload);
    },
  });
  const { state } = field;
  const busy = isBusy(state);
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const rule = mediaRules[props.ruleId];
  const hint = formatMediaHint(mediaHint(rule), t, i18n.language);
  const disabled = props.disabled === true;

  const choose = async () => {
    setDropNotice(false);
    if (await field.pickNative()) return;
    inputRef.current?.click();
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = event.dataTransfer.files;
    if (files.length !== 1) {
      setDropNotice(true);
      return;
    }
    setDropNotice(false);
    void field.takeFile(files[0] as File);
  };

  // Uploading needs the connection (issue 14): offline the button says why it waits.
  const chooseButton = (replace: boolean) => (
    <OnlineOnly>
      <Button icon={<ArrowUpload20Regular />} disabled={disabled || busy} onClick={() => void choose()}>
        {replace ? t('field.replace') : t('field.choose')}
      </Button>
    </OnlineOnly>
  );
  const removeButton = (
    <Button icon={<Delete20Regular />} appearance="subtle" disabled={disabled} onClick={field.remove}>
      {t('field.remove')}
    </Button>
  );

  let body: ReactNode;
  switch (state.phase) {
    case 'idle':
      body = props.value ? (
        <>
          <MediaPreview facts={factsOfValue(props.value, lastUpload)} />
          <FactsLine facts={factsOfValue(props.value, lastUpload)} />
          <div className={styles.row}>
            {chooseButton(true)}
            {removeButton}
          </div>
        </>
      ) : (
        <div className={styles.row}>
          {chooseButton(false)}
          <Text className={styles.muted}>{dragging ? t('field.dropActive') : t('field.dropHere')}</Text>
        </div>
      );
      break;
    case 'checking':
      body = <Spinner size="tiny" labelPosition="after" label={state.name ? t('field.checking', { name: state.name }) : t('field.picking')} />;
      break;
    case 'refused':
      body = (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('field.refusedTitle', { name: state.file.name })}</MessageBarTitle>
            <ul className={styles.list}>
              {state.refusals.map((refusal) => (
                <li key={`${refusal.code}-${refusal.key}`}>{refusalText(refusal, t)}</li>
              ))}
            </ul>
            <FactsLine facts={factsOfFile(state.file)} />
          </MessageBarBody>
          <MessageBarActions>
            {chooseButton(false)}
            <Button appearance="transparent" onClick={field.dismiss}>
              {t('common:actions.dismiss')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      );
      break;
    case 'error':
      body = (
        <MessageBar intent="error">
          <MessageBarBody>{t(`errors:${errorKey(state.code)}`)}</MessageBarBody>
          <MessageBarActions>
            <Button appearance="transparent" onClick={field.dismiss}>
              {t('common:actions.dismiss')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      );
      break;
    case 'ready':
    case 'uploading':
    case 'failed':
    case 'uploaded': {
      const facts = factsOfFile(state.file);
      const progress = progressOf(state);
      body = (
        <>
          <MediaPreview facts={facts} />
          <FactsLine facts={facts} />
          {progress ? (
            <Field validationMessage={t('field.uploading', { name: state.file.name, percent: progress.percent })} validationState="none">
              <ProgressBar value={progress.value} aria-label={t('field.progressLabel')} />
            </Field>
          ) : null}
          {state.phase === 'ready' && !props.projectId ? <Text className={styles.muted}>{t('field.noProject')}</Text> : null}
          {state.phase === 'ready' && state.cancelled ? <Text className={styles.muted}>{t('field.cancelled')}</Text> : null}
          {state.phase === 'uploaded' ? <Text className={styles.muted}>{t('field.uploaded')}</Text> : null}
          {state.phase === 'failed' ? (
            <MessageBar intent="error">
              <MessageBarBody>
                <MessageBarTitle>{t('field.failedTitle')}</MessageBarTitle>
                {t(`errors:${errorKey(state.code)}`)}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          <div className={styles.row}>
            {state.phase === 'uploading' ? (
              <Button icon={<DismissCircle20Regular />} onClick={field.cancel}>
                {t('field.cancel')}
              </Button>
            ) : null}
            {(state.phase === 'failed' || (state.phase === 'ready' && state.cancelled)) && props.projectId ? (
              <OnlineOnly>
                <Button appearance="primary" onClick={field.upload}>
                  {t('field.retry')}
                </Button>
              </OnlineOnly>
            ) : null}
            {state.phase !== 'uploading' ? chooseButton(true) : null}
            {state.phase !== 'uploading' ? removeButton : null}
          </div>
        </>
      );
      break;
    }
  }

  return (
    <Field label={props.label} hint={hint} required={props.required} validationMessage={props.validationMessage}>
      <div
        className={mergeClasses(styles.zone, dragging && styles.zoneActive)}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled && !busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid={`media-field-${props.ruleId}`}
        data-phase={state.phase}
      >
        {body}
        {dropNotice ? <Text className={styles.muted}>{t('field.multipleFiles')}</Text> : null}
        <input
          id={inputId}
          ref={inputRef}
          className={styles.hiddenInput}
          type="file"
          accept={field.accept}
          tabIndex={-1}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void field.takeFile(file);
          }}
        />
      </div>
    </Field>
  );
}
