import { useEffect, useSyncExternalStore } from 'react';
import { getBridge } from '../bridge/get-bridge';
import { chosenLocale, onChosenLocaleChange } from '../i18n/i18n';

/** What the hook needs of the data router: navigation to a path. */
export interface Navigator {
  navigate(path: string): unknown;
}

/** A path inside the console (no scheme, no `//host`), as main sends it. */
export function isConsolePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

/**
 * The console's side of main's shell (desktop app): follows `shell.command` navigations (the
 * application menu, a `palette://` link; the settings command is the console frame's, see
 * layout/console-layout.tsx), and tells main the interface language, so the menu, notifications and
 * dialogs speak it too. Harmless in the browser edition, whose host sends no commands.
 */
export function useShellCommands(router: Navigator): void {
  const locale = useSyncExternalStore(onChosenLocaleChange, chosenLocale);

  useEffect(
    () =>
      getBridge().on('shell.command', (command) => {
        if (command.command === 'navigate' && isConsolePath(command.path)) void router.navigate(command.path);
      }),
    [router],
  );

  useEffect(() => {
    void getBridge().app.setLanguage({ language: locale });
  }, [locale]);
}
