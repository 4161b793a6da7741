import { Notification } from 'electron';
import { type LongWork } from './long-work';
import { type MainMessages } from './messages';

/** The title and body of the notification for a finished piece of long work. */
export function notificationText(work: LongWork, messages: MainMessages): { readonly title: string; readonly body: string } {
  const n = messages.notifications;
  switch (work.kind) {
    case 'upload':
      return work.ok ? { title: n.uploadDoneTitle, body: n.uploadDoneBody(work.name) } : { title: n.uploadFailedTitle, body: n.failedBody };
    case 'publish':
      return work.ok ? { title: n.publishDoneTitle, body: n.publishDoneBody(work.name) } : { title: n.publishFailedTitle, body: n.failedBody };
  }
}

export interface BackgroundNotifierOptions {
  /** True when the operator is not looking at the console (window unfocused, minimized, hidden or closed). */
  readonly isInBackground: () => boolean;
  /** Texts in the interface language at the moment the work ends. */
  readonly messages: () => MainMessages;
  /** Clicking the notification brings the console back. */
  readonly onClick: () => void;
}

/**
 * Tells the operator, with a native notification, that an upload or a publish ended while they
 * were in another application; nothing when the console has the focus (it shows the outcome
 * itself) or the system has no notifications. Answers whether it notified.
 */
export function notifyInBackground(work: LongWork, options: BackgroundNotifierOptions): boolean {
  if (!options.isInBackground() || !Notification.isSupported()) return false;
  const notification = new Notification(notificationText(work, options.messages()));
  notification.on('click', () => options.onClick());
  notification.show();
  return true;
}
