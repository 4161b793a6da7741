/**
 * Transient notices: short "messages" (3 s) and richer "notifications" (4.5 s), spec §9.
 *
 * A tiny publish/subscribe bus so that code outside React (the query cache's error handler, the
 * connectivity watcher) can show a notice; `NoticeCenter` renders them with Fluent toasts.
 */
export type NoticeIntent = 'success' | 'info' | 'warning' | 'error';

export interface Notice {
  readonly kind: 'message' | 'notification';
  readonly intent: NoticeIntent;
  readonly title: string;
  readonly body?: string;
  /** A stable id replaces an earlier notice with the same id instead of stacking a duplicate. */
  readonly id?: string;
}

/** Spec §9: message display time. */
export const messageDurationMs = 3000;
/** Spec §9: notification display time. */
export const notificationDurationMs = 4500;

/** How long a notice stays on screen. */
export function noticeDuration(notice: Pick<Notice, 'kind'>): number {
  return notice.kind === 'message' ? messageDurationMs : notificationDurationMs;
}

type Listener = (notice: Notice) => void;
const listeners = new Set<Listener>();

/** Shows a notice (dropped when no `NoticeCenter` is mounted). */
export function publishNotice(notice: Notice): void {
  for (const listener of listeners) listener(notice);
}

/** Receives every notice published from now on. */
export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shorthands for the two kinds. */
export const notify = {
  message: (intent: NoticeIntent, title: string, id?: string) => publishNotice({ kind: 'message', intent, title, id }),
  notification: (intent: NoticeIntent, title: string, body?: string, id?: string) =>
    publishNotice({ kind: 'notification', intent, title, body, id }),
};
