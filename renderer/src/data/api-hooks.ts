import type { RouteId } from '@contract/api';
import { useMutation, useQuery, useQueryClient, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import type { AppError } from '../bridge/app-error';
import { callApi, type ApiInput, type ApiOutput } from '../bridge/call-api';
import { assertOnline } from './online';
import { queryKeys, resourceOf } from './query-keys';

/**
 * Reads an API route through TanStack Query, keyed by `queryKeys.call(routeId, input)`.
 */
export function useApiQuery<R extends RouteId>(
  routeId: R,
  input: ApiInput<R>,
  options: Omit<UseQueryOptions<ApiOutput<R>, AppError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<ApiOutput<R>, AppError>({
    queryKey: queryKeys.call(routeId, input),
    queryFn: () => callApi(routeId, input),
    ...options,
  });
}

export { assertOnline } from './online';

/** Options of `useApiMutation`. */
export type ApiMutationOptions<R extends RouteId> = Omit<UseMutationOptions<ApiOutput<R>, AppError, ApiInput<R>>, 'mutationFn'> & {
  /** Resources to invalidate on success; defaults to the route's own resource. */
  readonly invalidates?: readonly string[];
};

/**
 * Changes data through an API route. Guarded by `assertOnline`; on success invalidates the
 * route's resource (or `invalidates`) so every screen showing it refetches.
 */
export function useApiMutation<R extends RouteId>(routeId: R, options: ApiMutationOptions<R> = {}) {
  const queryClient = useQueryClient();
  const { invalidates, onSuccess, ...rest } = options;
  return useMutation<ApiOutput<R>, AppError, ApiInput<R>>({
    mutationFn: async (input) => {
      assertOnline();
      return callApi(routeId, input);
    },
    onSuccess: async (...args) => {
      const resources = invalidates ?? [resourceOf(routeId)];
      await Promise.all(resources.map((resource) => queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource) })));
      await onSuccess?.(...args);
    },
    ...rest,
  });
}
