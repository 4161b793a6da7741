import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Holds the operator on the page while something is unsaved (an edited sort order): in-app
 * navigation is blocked until they confirm leaving (the caller shows the prompt for
 * `blocker.state === 'blocked'` and calls `proceed` or `reset`), and closing or reloading the window
 * asks the browser's own question.
 */
export function useUnsavedPrompt(unsaved: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!unsaved) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older engines show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  useEffect(() => {
    if (blocker.state === 'blocked' && !unsaved) blocker.reset();
  }, [blocker, unsaved]);

  return blocker;
}
