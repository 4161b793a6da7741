import { useApiQuery } from './api-hooks';

/**
 * The menus the signed-in operator may open, globally and per project (`me.menus`). Apart from
 * data/menus.ts, whose per-project access reads the contract's whole route table: the console's
 * frame needs only this, and its first screen stays within its script budget (issue 12).
 */
export function useMyMenus() {
  return useApiQuery('me.menus', {}, { staleTime: 60_000 });
}
