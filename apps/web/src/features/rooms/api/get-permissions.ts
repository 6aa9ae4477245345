import { deviceApiPaths, type Permissions } from '@raumregler/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getPermissions = () => apiGet<Permissions>(deviceApiPaths.permissions());

export const permissionsQueryOptions = () =>
  queryOptions({ queryKey: ['permissions'], queryFn: getPermissions });
