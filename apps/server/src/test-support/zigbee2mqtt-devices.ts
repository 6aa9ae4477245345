/**
 * zigbee2mqtt's `bridge/devices` entries for real devices (issue 36), as zigbee2mqtt 2.x
 * publishes them: the definitions' `exposes` follow the zigbee-herdsman-converters definitions
 * (src/devices/danfoss.ts, tuya.ts, sonoff.ts, xiaomi.ts, bosch.ts): the setpoint property,
 * range and step, `system_mode` values, `pi_heating_demand` or `position`, battery, linkquality.
 * Only the fields our server and a reader of the payload need; the rest of a real entry
 * (endpoints, bindings, options …) is left out.
 */

/** zigbee2mqtt's access bits: 1 published (state), 2 set, 4 get. */
const STATE = 1;
const STATE_SET = 3;
const ALL = 7;
const STATE_GET = 5;

const battery = {
  type: 'numeric',
  name: 'battery',
  label: 'Battery',
  property: 'battery',
  access: STATE_GET,
  unit: '%',
  value_min: 0,
  value_max: 100,
  category: 'diagnostic',
  description: 'Remaining battery in %, can take up to 24 hours before reported',
};
const linkquality = {
  type: 'numeric',
  name: 'linkquality',
  label: 'Linkquality',
  property: 'linkquality',
  access: STATE,
  unit: 'lqi',
  value_min: 0,
  value_max: 255,
  category: 'diagnostic',
  description: 'Link quality (signal strength)',
};
const localTemperature = {
  type: 'numeric',
  name: 'local_temperature',
  label: 'Local temperature',
  property: 'local_temperature',
  access: STATE_GET,
  unit: '°C',
  description: 'Current temperature measured on the device',
};
const setpoint = (property: string, min: number, max: number, step: number, access = ALL) => ({
  type: 'numeric',
  name: property,
  label:
    property === 'current_heating_setpoint'
      ? 'Current heating setpoint'
      : 'Occupied heating setpoint',
  property,
  access,
  unit: '°C',
  value_min: min,
  value_max: max,
  value_step: step,
  description: 'Temperature setpoint',
});
const systemMode = (values: string[], access = ALL) => ({
  type: 'enum',
  name: 'system_mode',
  label: 'System mode',
  property: 'system_mode',
  access,
  values,
  description: 'Mode of this device',
});
const piHeatingDemand = (access = STATE_GET) => ({
  type: 'numeric',
  name: 'pi_heating_demand',
  label: 'PI heating demand',
  property: 'pi_heating_demand',
  access,
  unit: '%',
  value_min: 0,
  value_max: 100,
  description:
    'Position of the valve (= demanded heat) where 0% is fully closed and 100% is fully open',
});
const runningState = (values: string[]) => ({
  type: 'enum',
  name: 'running_state',
  label: 'Running state',
  property: 'running_state',
  access: STATE_GET,
  values,
  description: 'The current running state',
});
const numeric = (name: string, unit: string, description: string, access = STATE) => ({
  type: 'numeric',
  name,
  label: name[0]!.toUpperCase() + name.slice(1).replace(/_/g, ' '),
  property: name,
  access,
  unit,
  description,
});

/** A device's entry of `bridge/devices`, without the fields that differ per installation. */
export interface BridgeDefinition {
  model: string;
  vendor: string;
  description: string;
  exposes: unknown[];
  supports_ota: boolean;
}

export interface DeviceModel {
  definition: BridgeDefinition;
  type: 'EndDevice' | 'Router';
  power_source: string;
  model_id: string;
  manufacturer: string;
  /** The state a freshly paired device of this kind reports (the double starts from it). */
  initialState: Record<string, unknown>;
}

/** Danfoss Ally (014G2461): occupied_heating_setpoint 5–35 in 0.5, pi_heating_demand, mode heat only. */
export const DANFOSS_ALLY: DeviceModel = {
  type: 'EndDevice',
  power_source: 'Battery',
  model_id: 'eTRV0100',
  manufacturer: 'Danfoss',
  definition: {
    model: '014G2461',
    vendor: 'Danfoss',
    description: 'Ally thermostat',
    supports_ota: true,
    exposes: [
      battery,
      {
        type: 'climate',
        features: [
          setpoint('occupied_heating_setpoint', 5, 35, 0.5),
          localTemperature,
          systemMode(['heat']),
          runningState(['idle', 'heat']),
          piHeatingDemand(),
        ],
      },
      numeric('window_open_internal', '', 'Window open status', STATE_GET),
      linkquality,
    ],
  },
  initialState: {
    battery: 90,
    local_temperature: 20.5,
    occupied_heating_setpoint: 21,
    system_mode: 'heat',
    running_state: 'idle',
    pi_heating_demand: 0,
    linkquality: 120,
  },
};

/** A Tuya TS0601 radiator valve: current_heating_setpoint 5–30 in 0.5, the valve as `position`. */
export const TUYA_TS0601_TRV: DeviceModel = {
  type: 'EndDevice',
  power_source: 'Battery',
  model_id: 'TS0601',
  manufacturer: '_TZE200_ckud7u2l',
  definition: {
    model: 'TS0601_thermostat',
    vendor: 'Tuya',
    description: 'Radiator valve with thermostat',
    supports_ota: false,
    exposes: [
      numeric('position', '%', 'Position', STATE),
      {
        type: 'climate',
        features: [
          setpoint('current_heating_setpoint', 5, 30, 0.5, STATE_SET),
          { ...localTemperature, access: STATE },
          systemMode(['heat', 'auto', 'off'], STATE_SET),
          {
            type: 'numeric',
            name: 'local_temperature_calibration',
            property: 'local_temperature_calibration',
            access: STATE_SET,
            unit: '°C',
            value_min: -9,
            value_max: 9,
            value_step: 1,
            description: 'Offset to be used in the local_temperature',
          },
          {
            type: 'enum',
            name: 'preset',
            property: 'preset',
            access: STATE_SET,
            values: ['schedule', 'manual', 'boost', 'complex', 'comfort', 'eco', 'away'],
            description: 'Mode of this device',
          },
        ],
      },
      { ...battery, access: STATE },
      linkquality,
    ],
  },
  initialState: {
    battery: 75,
    local_temperature: 19.5,
    current_heating_setpoint: 20,
    system_mode: 'heat',
    preset: 'manual',
    position: 0,
    linkquality: 90,
  },
};

/** Sonoff TRVZB: occupied_heating_setpoint 4–35 in 0.5, modes off/auto/heat, no valve demand. */
export const SONOFF_TRVZB: DeviceModel = {
  type: 'EndDevice',
  power_source: 'Battery',
  model_id: 'TRVZB',
  manufacturer: 'SONOFF',
  definition: {
    model: 'TRVZB',
    vendor: 'SONOFF',
    description: 'Zigbee thermostatic radiator valve',
    supports_ota: true,
    exposes: [
      {
        type: 'climate',
        features: [
          setpoint('occupied_heating_setpoint', 4, 35, 0.5),
          localTemperature,
          systemMode(['off', 'auto', 'heat']),
          runningState(['idle', 'heat']),
        ],
      },
      battery,
      numeric('valve_opening_degree', '%', 'Opening degree of the valve', ALL),
      linkquality,
    ],
  },
  initialState: {
    battery: 100,
    local_temperature: 21,
    occupied_heating_setpoint: 21,
    system_mode: 'heat',
    running_state: 'idle',
    valve_opening_degree: 100,
    linkquality: 150,
  },
};

/** Bosch BTH-RA radiator thermostat II: occupied_heating_setpoint 5–30 in 0.5, pi_heating_demand settable. */
export const BOSCH_BTH_RA: DeviceModel = {
  type: 'EndDevice',
  power_source: 'Battery',
  model_id: 'RBSH-TRV0-ZB-EU',
  manufacturer: 'BOSCH',
  definition: {
    model: 'BTH-RA',
    vendor: 'Bosch',
    description: 'Radiator thermostat II',
    supports_ota: true,
    exposes: [
      {
        type: 'climate',
        features: [
          setpoint('occupied_heating_setpoint', 5, 30, 0.5),
          localTemperature,
          systemMode(['heat']),
          runningState(['idle', 'heat']),
          piHeatingDemand(ALL),
        ],
      },
      battery,
      linkquality,
    ],
  },
  initialState: {
    battery: 100,
    local_temperature: 20,
    occupied_heating_setpoint: 21,
    system_mode: 'heat',
    running_state: 'idle',
    pi_heating_demand: 0,
    linkquality: 110,
  },
};

/** Aqara WSDCGQ11LM: temperature, humidity, pressure, battery; reports on change only. */
export const AQARA_WSDCGQ11LM: DeviceModel = {
  type: 'EndDevice',
  power_source: 'Battery',
  model_id: 'lumi.weather',
  manufacturer: 'LUMI',
  definition: {
    model: 'WSDCGQ11LM',
    vendor: 'Aqara',
    description: 'Temperature and humidity sensor',
    supports_ota: false,
    exposes: [
      { ...battery, access: STATE },
      numeric('voltage', 'mV', 'Voltage of the battery in millivolts'),
      numeric('temperature', '°C', 'Measured temperature value'),
      numeric('humidity', '%', 'Measured relative humidity'),
      numeric('pressure', 'hPa', 'The measured atmospheric pressure'),
      linkquality,
    ],
  },
  initialState: {
    battery: 87,
    voltage: 2985,
    temperature: 21.3,
    humidity: 48.2,
    pressure: 1002,
    linkquality: 78,
  },
};

/** Bosch BTH-RM230Z room thermostat II 230 V: mains-powered, occupied_heating_setpoint, humidity. */
export const BOSCH_BTH_RM230Z: DeviceModel = {
  type: 'Router',
  power_source: 'Mains (single phase)',
  model_id: 'RBSH-RTH0-ZB-EU',
  manufacturer: 'BOSCH',
  definition: {
    model: 'BTH-RM230Z',
    vendor: 'Bosch',
    description: 'Room thermostat II 230V',
    supports_ota: true,
    exposes: [
      {
        type: 'climate',
        features: [
          setpoint('occupied_heating_setpoint', 5, 30, 0.5),
          localTemperature,
          systemMode(['off', 'heat', 'cool']),
          runningState(['idle', 'heat', 'cool']),
        ],
      },
      numeric('humidity', '%', 'Measured relative humidity'),
      linkquality,
    ],
  },
  initialState: {
    local_temperature: 20.8,
    occupied_heating_setpoint: 21,
    system_mode: 'heat',
    running_state: 'idle',
    humidity: 45,
    linkquality: 160,
  },
};

export const DEVICE_MODELS = {
  DANFOSS_ALLY,
  TUYA_TS0601_TRV,
  SONOFF_TRVZB,
  BOSCH_BTH_RA,
  AQARA_WSDCGQ11LM,
  BOSCH_BTH_RM230Z,
} as const;

/** The coordinator's entry, which every real `bridge/devices` payload starts with. */
export const COORDINATOR_ENTRY = {
  ieee_address: '0x00124b0024c2a1f0',
  type: 'Coordinator',
  network_address: 0,
  supported: true,
  disabled: false,
  friendly_name: 'Coordinator',
  definition: null,
  endpoints: {},
  interview_completed: true,
  interviewing: false,
};

/** One device's entry of `bridge/devices` (zigbee2mqtt 2.x). */
export function bridgeEntry(name: string, model: DeviceModel, index: number) {
  const ieee = `0x${(0x00158d0000000000n + BigInt(index + 1)).toString(16).padStart(16, '0')}`;
  return {
    ieee_address: ieee,
    type: model.type,
    network_address: 0x1000 + index,
    supported: true,
    friendly_name: name,
    disabled: false,
    description: null,
    definition: { ...model.definition, options: [], icon: '' },
    power_source: model.power_source,
    model_id: model.model_id,
    manufacturer: model.manufacturer,
    interview_completed: true,
    interviewing: false,
    software_build_id: '1.0.0',
    date_code: '20240101',
    endpoints: {},
  };
}
