import { lazy, Suspense, useState } from 'react';
import { LanguageTrigger } from './language-trigger';

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(loadMenu);
let menuLoaded = false;

/** Starts loading the menu's code (idempotent). */
function preloadMenu(): void {
  void loadMenu().then(
    () => {
      menuLoaded = true;
    },
    () => undefined,
  );
}

/**
 * The header's language picker (spec §1). Its button shows at once; the menu (Fluent's menu with
 * its focus management, heavy for the sign-in screen's budget, issue 12) loads when the pointer or
 * focus reaches the button, or at once for the console header's `compact` picker, and a click
 * before it arrived opens it as soon as it has.
 */
export function LanguagePicker({ compact = false }: { readonly compact?: boolean }) {
  const [opened, setOpened] = useState<{ readonly focus: boolean } | null>(null);

  if (compact || menuLoaded || opened) {
    return (
      <Suspense fallback={<LanguageTrigger compact={compact} />}>
        <LanguageMenu compact={compact} defaultOpen={opened !== null} takeFocus={opened?.focus ?? false} />
      </Suspense>
    );
  }
  return (
    <LanguageTrigger
      compact={compact}
      onPointerEnter={preloadMenu}
      onFocus={preloadMenu}
      onClick={(event) => setOpened({ focus: document.activeElement === event.currentTarget })}
    />
  );
}
