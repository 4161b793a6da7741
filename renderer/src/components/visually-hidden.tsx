import { makeStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
});

/**
 * Text for assistive technology only: the header of a column of icon buttons ("Actions"). An
 * `aria-label` on an empty `<th>` is not enough: axe's `empty-table-header` wants text a screen
 * reader reads as the header.
 */
export function VisuallyHidden({ children }: { readonly children: ReactNode }) {
  return <span className={useStyles().hidden}>{children}</span>;
}
