import { describe, expect, it } from 'vitest';
import {
  climateConfig,
  climateStates,
  buildingDevice,
  haAction,
  haMode,
  parseMode,
  parseTemperature,
  type ClimateRoom,
} from './discovery.js';

const room: ClimateRoom = {
  id: 3,
  name: 'Küche',
  mode: 'heat',
  cooling: false,
  temperature: 20.25,
  humidity: null,
  target: 21.5,
  valve: 40,
  limits: null,
};

describe('Home Assistant discovery rules', () => {
  it('maps our modes and valve to Home Assistant modes and actions', () => {
    expect(['Heating', 'heating', 'Cooling', 'OFF', 'Auto'].map(haMode)).toEqual([
      'heat',
      'heat',
      'cool',
      'off',
      'heat',
    ]);
    expect(haAction({ mode: 'heat', valve: 40 })).toBe('heating');
    expect(haAction({ mode: 'heat', valve: 0 })).toBe('idle');
    expect(haAction({ mode: 'heat', valve: null })).toBe('idle');
    expect(haAction({ mode: 'cool', valve: 10 })).toBe('cooling');
    expect(haAction({ mode: 'off', valve: 100 })).toBe('off');
  });

  it('says a missing value as None and numbers as plain text', () => {
    expect(climateStates(room)).toEqual({
      current_temperature: '20.25',
      current_humidity: 'None',
      target: '21.5',
      mode: 'heat',
      action: 'heating',
    });
  });

  it('offers cool to a cooling room, and the room limits as the dial range', () => {
    const device = buildingDevice(7, 'Haus');
    expect(climateConfig(room, { houseId: 7, device })).toMatchObject({
      modes: ['heat', 'off'],
      min_temp: 5,
      max_temp: 30,
    });
    expect(
      climateConfig(
        { ...room, cooling: true, limits: { min: 16, max: 23 } },
        { houseId: 7, device },
      ),
    ).toMatchObject({ modes: ['heat', 'cool', 'off'], min_temp: 16, max_temp: 23 });
  });

  it('takes plain numbers and the three modes only', () => {
    expect(['21', '21.5', ' 19.0\n', '-3'].map(parseTemperature)).toEqual([21, 21.5, 19, -3]);
    for (const bad of ['', 'abc', '21,5', '1e3', 'NaN', 'Infinity', '0x10', '{"t":21}', '2222']) {
      expect(parseTemperature(bad), bad).toBeNull();
    }
    expect(['heat', 'cool', 'off', ' off '].map(parseMode)).toEqual(['heat', 'cool', 'off', 'off']);
    for (const bad of ['auto', 'HEAT', '', 'dry', 'on']) expect(parseMode(bad), bad).toBeNull();
  });
});
