import { getAppSettings } from '#shared/api/app-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#client/lib/request';

export const APP_SETTINGS_QUERY_KEY = ['/api/app-settings'] as const;

export const appSettingsQueryOptions = () =>
  queryOptions({ queryKey: APP_SETTINGS_QUERY_KEY, queryFn: () => call(getAppSettings) });

export const useAppSettings = () => useQuery(appSettingsQueryOptions());
