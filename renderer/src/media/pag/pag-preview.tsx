import { Button, makeStyles, MessageBar, MessageBarBody, ProgressBar, Spinner, Text, tokens } from '@fluentui/react-components';
import { Pause20Regular, Play20Regular } from '@fluentui/react-icons';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PAG_PLAYER_PAGE, type PagPlayerCommand } from '../../pag-player/protocol';
import { formatSeconds } from '../hint';
import { libpagWasm } from './libpag-wasm';
import { frameSize, initialPagPreviewState, pagPreviewReducer, pagReportOf } from './pag-state';

const BOX = 240;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, width: 'fit-content', minWidth: '240px' },
  frameWrap: { position: 'relative' },
  frame: {
    display: 'block',
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  overlay: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  controls: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  bar: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  notice: { maxWidth: '320px' },
});

export interface PagPreviewProps {
  /** Where the file's bytes are, on the console's own origin (a preview path). */
  readonly src: string;
  readonly name: string;
  /** What the file states about itself, to size the frame before the player has read it. */
  readonly width: number | null;
  readonly height: number | null;
  /** The largest side of the frame in pixels (240 unless given: a popup's phone preview draws it smaller). */
  readonly box?: number;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

async function fetchBytes(src: string): Promise<ArrayBuffer> {
  const response = await fetch(src, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.arrayBuffer();
}

/**
 * A PAG animation, playing, with play/pause and its position.
 *
 * libpag needs `'unsafe-eval'`, which the console's policy never allows, so the animation plays in
 * a sandboxed frame of the PAG player page (its own policy, an opaque origin, no network). The
 * console fetches libpag's WebAssembly and the file from its own origin and posts both; the frame
 * answers with reports, checked here before they are believed. The animation starts paused on its
 * first frame when the operator's system asks for reduced motion.
 */
export function PagPreview({ src, name, width, height, box = BOX }: PagPreviewProps) {
  const { t } = useTranslation('media');
  const styles = useStyles();
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, dispatch] = useReducer(pagPreviewReducer, initialPagPreviewState);
  const playerReady = useRef(false);
  const lastId = useRef(0);
  const srcRef = useRef(src);

  const post = useCallback((command: PagPlayerCommand, transfer: Transferable[] = []) => {
    // The frame's origin is opaque, so there is no origin to name; the frame is ours by reference.
    frame.current?.contentWindow?.postMessage(command, '*', transfer);
  }, []);

  const load = useCallback(async () => {
    const id = ++lastId.current;
    dispatch({ type: 'load', id });
    try {
      const [wasm, file] = await Promise.all([libpagWasm(), fetchBytes(srcRef.current)]);
      if (id !== lastId.current) return;
      // The WebAssembly module is kept for the next frame; the file's bytes move to the player.
      post({ type: 'load', id, wasm, file, autoplay: !prefersReducedMotion() }, [file]);
    } catch {
      dispatch({ type: 'fetchFailed', id });
    }
  }, [post]);

  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const report = pagReportOf(event.data);
      if (!report) return;
      if (report.type === 'ready') {
        playerReady.current = true;
        void load();
        return;
      }
      dispatch({ type: 'report', report });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [load]);

  // Another file in the same field: the frame stays, the new file is posted.
  useEffect(() => {
    if (srcRef.current === src) return;
    srcRef.current = src;
    if (playerReady.current) void load();
  }, [src, load]);

  const known = state.phase === 'loaded' ? state : null;
  const size = frameSize(known?.width ?? width, known?.height ?? height, box);
  const playing = known?.playing ?? false;
  const label = t('pag.frameTitle', { name });

  return (
    <div className={styles.root} style={box === BOX ? undefined : { minWidth: `${box}px` }} data-testid="pag-preview" data-state={known ? (playing ? 'playing' : 'paused') : state.phase}>
      <div className={styles.frameWrap} style={{ width: size.width, height: size.height, ...(box === BOX ? {} : { alignSelf: 'center' }) }}>
        <iframe
          ref={frame}
          className={styles.frame}
          src={PAG_PLAYER_PAGE}
          sandbox="allow-scripts"
          referrerPolicy="no-referrer"
          title={label}
          width={size.width}
          height={size.height}
          tabIndex={-1}
        />
        {state.phase === 'loading' ? (
          <div className={styles.overlay}>
            <Spinner size="small" label={t('pag.loading')} labelPosition="below" />
          </div>
        ) : null}
      </div>
      {known ? (
        <div className={styles.controls}>
          <Button
            size="small"
            appearance="subtle"
            icon={playing ? <Pause20Regular /> : <Play20Regular />}
            aria-label={playing ? t('pag.pause') : t('pag.play')}
            title={playing ? t('pag.pause') : t('pag.play')}
            onClick={() => post({ type: playing ? 'pause' : 'play' })}
          />
          <ProgressBar className={styles.bar} value={known.progress} thickness="medium" aria-label={t('pag.position', { current: formatSeconds(known.progress * known.durationMs), total: formatSeconds(known.durationMs) })} />
          <Text size={200} className={styles.muted}>
            {t('pag.position', { current: formatSeconds(known.progress * known.durationMs), total: formatSeconds(known.durationMs) })}
          </Text>
        </div>
      ) : null}
      {state.phase === 'failed' ? (
        <MessageBar intent={state.reason === 'decode' ? 'warning' : 'info'} layout="multiline" className={styles.notice}>
          <MessageBarBody>{t(`pag.failed.${state.reason}`)}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}
