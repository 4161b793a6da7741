import type { RouteId } from '@contract/api';
import type { ListPage } from '@contract/envelope';
import type { AnyConfigKind, ConfigAction, ConfigItem, ConfigListQuery, ConfigRevision } from '@contract/config';
import { useApiMutation, useApiQuery, type ApiMutationOptions } from '../data/api-hooks';

/**
 * The console's typed view of a configuration kind's routes (contract/config/routes.ts). Route ids
 * are `<kind>.<action>`; every kind's routes share their shapes, so one set of hooks serves all.
 */

/** The route id of a kind's action. */
export function configRoute(kind: Pick<AnyConfigKind, 'name'>, action: ConfigAction): RouteId {
  return `${kind.name}.${action}` as RouteId;
}

type AnyInput = never;

export function useConfigList(kind: AnyConfigKind, projectId: string, query: Partial<ConfigListQuery>, enabled = true) {
  return useApiQuery(configRoute(kind, 'list'), { params: { projectId }, query } as AnyInput, { enabled, placeholderData: (previous) => previous }) as {
    data: ListPage<ConfigItem> | undefined;
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    refetch: () => Promise<unknown>;
  };
}

export function useConfigItem(kind: AnyConfigKind, projectId: string, id: string) {
  return useApiQuery(configRoute(kind, 'get'), { params: { projectId, id } } as AnyInput, { retry: false }) as {
    data: ConfigItem | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => Promise<{ data?: unknown }>;
  };
}

export function useConfigRevisions(kind: AnyConfigKind, projectId: string, id: string, enabled = true) {
  return useApiQuery(configRoute(kind, 'revisions'), { params: { projectId, id } } as AnyInput, { enabled }) as {
    data: { items: ConfigRevision[] } | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
  };
}

export function useConfigPolicy(kind: AnyConfigKind, projectId: string) {
  return useApiQuery(configRoute(kind, 'policy'), { params: { projectId } } as AnyInput) as { data: { requiresApproval: boolean; version: number } | undefined };
}

/** A change through one of a kind's routes; invalidates the kind and the config records. */
export function useConfigMutation<T = ConfigItem>(kind: AnyConfigKind, action: ConfigAction, options: ApiMutationOptions<RouteId> = {}) {
  const mutation = useApiMutation(configRoute(kind, action), { invalidates: [kind.name, 'configRecords'], ...options });
  return mutation as unknown as {
    mutateAsync: (input: { params: Record<string, string>; query?: Record<string, unknown>; body?: unknown }) => Promise<T>;
    isPending: boolean;
    reset: () => void;
  };
}
