import { deviceApiPaths, type Floor } from '@raumregler/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getTemps = () => apiGet<Floor[]>(deviceApiPaths.temps());

export const tempsQueryOptions = () => queryOptions({ queryKey: ['temps'], queryFn: getTemps });

export const useTemps = (enabled = true) => useQuery({ ...tempsQueryOptions(), enabled });
