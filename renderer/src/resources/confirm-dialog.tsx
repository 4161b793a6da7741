import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  surface: { maxWidth: '480px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  danger: {
    backgroundColor: tokens.colorStatusDangerBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    border: `${tokens.strokeWidthThin} solid transparent`,
    ':hover': { backgroundColor: tokens.colorStatusDangerForeground1, color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { backgroundColor: tokens.colorStatusDangerForeground2, color: tokens.colorNeutralForegroundOnBrand },
  },
});

/** The style of a button that destroys something (Fluent 2 has no danger appearance of its own). */
export const useDangerButtonClass = () => useStyles().danger;

/** What a confirmation asks. */
export interface ConfirmOptions {
  readonly title: string;
  readonly body?: ReactNode;
  readonly confirmLabel: string;
  readonly cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  readonly danger?: boolean;
}

/**
 * Confirmations of spec §5 (delete, edit, cancel) as one promise-returning call:
 * `if (await confirm({...})) ...`. Render `element` once in the component that asks.
 */
export function useConfirm() {
  const styles = useStyles();
  const { t } = useTranslation('resources');
  const [request, setRequest] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback((options: ConfirmOptions) => {
    resolver.current?.(false);
    setRequest(options);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setRequest(null);
  };

  const element = (
    <Dialog open={request !== null} modalType="alert" onOpenChange={(_, data) => (!data.open ? settle(false) : undefined)}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{request?.title}</DialogTitle>
          {request?.body ? <DialogContent className={styles.content}>{request.body}</DialogContent> : null}
          <DialogActions>
            <Button appearance="secondary" onClick={() => settle(false)}>
              {request?.cancelLabel ?? t('confirm.cancel')}
            </Button>
            <Button appearance="primary" className={request?.danger ? styles.danger : undefined} onClick={() => settle(true)}>
              {request?.confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );

  return { confirm, element };
}
