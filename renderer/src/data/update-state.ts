import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateState } from '@contract/ipc';
import type { AppError } from '../bridge/app-error';
import { callBridge } from '../bridge/call-api';
import { getBridge } from '../bridge/get-bridge';
import { queryKeys } from './query-keys';

/** The desktop updater's state (`update.get`, kept current by `update.changed`). */
export function useUpdateState() {
  const queryClient = useQueryClient();
  const query = useQuery<UpdateState, AppError>({
    queryKey: queryKeys.update(),
    queryFn: () => callBridge((bridge) => bridge.update.get()),
    staleTime: Infinity,
    retry: false,
  });
  useEffect(() => getBridge().on('update.changed', (state) => queryClient.setQueryData(queryKeys.update(), state)), [queryClient]);
  return query;
}

/** Restarts into the downloaded update. */
export function installUpdate(): Promise<unknown> {
  return callBridge((bridge) => bridge.update.install());
}
