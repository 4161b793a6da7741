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

/**
 * The refusal the operator must hear of: a downloaded update discarded because its file did not
 * match its published sha512 (`integrity`) or its installer was not signed by the publisher
 * (`signature`). An unreachable server is not worth a banner; the next check tries again.
 */
export function updateRefusal(state: UpdateState | undefined): 'integrity' | 'signature' | null {
  if (state?.status !== 'error') return null;
  return state.failure === 'integrity' || state.failure === 'signature' ? state.failure : null;
}

/** Restarts into the downloaded update. */
export function installUpdate(): Promise<unknown> {
  return callBridge((bridge) => bridge.update.install());
}
