import { appSettingsShape } from '#shared/contracts/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '#client/lib/request';

export const APP_SETTINGS_QUERY_KEY = ['/api/app-settings'] as const;

export const appSettingsQueryOptions = () =>
  queryOptions({ queryKey: APP_SETTINGS_QUERY_KEY, queryFn: () => request('/api/app-settings', appSettingsShape) });

export const useAppSettings = () => useQuery(appSettingsQueryOptions());
