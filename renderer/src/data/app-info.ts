import { useQuery } from '@tanstack/react-query';
import type { AppInfo } from '@contract/ipc';
import type { AppError } from '../bridge/app-error';
import { callBridge } from '../bridge/call-api';
import { queryKeys } from './query-keys';

/** How often the console asks main which renderer build it serves (spec: "new content available"). */
export const appInfoPollMs = 5 * 60_000;

/** `app.info`: edition, version, server and the renderer build main serves; polled and refetched on focus. */
export function useAppInfo() {
  return useQuery<AppInfo, AppError>({
    queryKey: queryKeys.appInfo(),
    queryFn: () => callBridge((bridge) => bridge.app.info()),
    staleTime: 60_000,
    refetchInterval: appInfoPollMs,
    refetchOnWindowFocus: 'always',
  });
}
