import { queryOptions, useQuery } from '@tanstack/react-query';
import { appSettings } from '#shared/contracts/app-settings';
import { request } from '#client/lib/request';

export const APP_SETTINGS_QUERY_KEY = ['/api/app-settings'] as const;

export const appSettingsQueryOptions = () =>
  queryOptions({ queryKey: APP_SETTINGS_QUERY_KEY, queryFn: () => request('/api/app-settings', appSettings) });

export const useAppSettings = () => useQuery(appSettingsQueryOptions());
