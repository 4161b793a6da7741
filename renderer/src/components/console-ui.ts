import { createContext, useContext } from 'react';

/** Actions of the console frame that pages may trigger (a welcome shortcut opens the settings). */
export interface ConsoleUi {
  readonly openSettings: () => void;
}

export const ConsoleUiContext = createContext<ConsoleUi>({ openSettings: () => undefined });

/** The console frame's actions; inert outside the frame. */
export function useConsoleUi(): ConsoleUi {
  return useContext(ConsoleUiContext);
}
