import { interfaceLanguageSchema } from '@contract/ipc';
import { messagesFor, type MainMessages } from './messages';

/**
 * The interface language main's own texts follow (menu, notifications, dialogs).
 *
 * It starts from the language the operator chose last time (kept in the preferences) or the
 * operating system's, and follows the renderer's `app.setLanguage` from then on, so the menu
 * switches together with the console.
 */
export class InterfaceLanguage {
  private current: string;
  private readonly listeners = new Set<(language: string) => void>();

  constructor(initial: string) {
    this.current = interfaceLanguageSchema.safeParse(initial).success ? initial : 'en-US';
  }

  get(): string {
    return this.current;
  }

  messages(): MainMessages {
    return messagesFor(this.current);
  }

  /** Takes the renderer's choice; listeners hear only a change. */
  set(language: string): void {
    if (!interfaceLanguageSchema.safeParse(language).success || language === this.current) return;
    this.current = language;
    for (const listener of this.listeners) listener(language);
  }

  onDidChange(listener: (language: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
