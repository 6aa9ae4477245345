import type { Config } from '../../config.js';
import { drivesBuilding } from '../building/index.js';

export { drivesBuilding };

/** `/api/app-config`'s `deviceMode`. */
export const deviceModeOf = (
  config: Pick<Config, 'mqtt' | 'upstreamUrl'>,
): 'simulation' | 'proxy' | 'mqtt' =>
  config.upstreamUrl ? 'proxy' : drivesBuilding(config) ? 'mqtt' : 'simulation';
