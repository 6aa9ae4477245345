import { deviceApiPaths, type Floor } from '@raumregler/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getTemps = () => apiGet<Floor[]>(deviceApiPaths.temps());

export const tempsQueryOptions = () => queryOptions({ queryKey: ['temps'], queryFn: getTemps });
