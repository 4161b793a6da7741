import type { ReactNode } from 'react';
import text from '../../components/public.module.css';
import classes from './auth.module.css';

/** The card every public form sits in: a heading, a line of explanation, the form. */
export function AuthCard({ title, subtitle, children }: { readonly title: string; readonly subtitle?: string; readonly children: ReactNode }) {
  return (
    <div className={classes.card}>
      <div className={classes.header}>
        <h1 className={text.largeTitle}>{title}</h1>
        {subtitle ? <p className={`${text.text} ${classes.subtitle}`}>{subtitle}</p> : null}
      </div>
      {children}
    </div>
  );
}

/** Shared form layout classes of the public forms (auth.module.css: plain CSS, see there why). */
export const authFormClasses = {
  form: classes.form,
  row: classes.row,
  submit: classes.submit,
  actions: classes.actions,
  center: classes.center,
  iconLink: classes.iconLink,
} as const;
