/**
 * MQTT for the e2e tests (issue 36): Debian's mosquitto on a free port (installed when missing)
 * and the zigbee2mqtt double, the same ones the server's tests use. A spec starts a broker, the
 * double with its devices, and the built server with `MQTT_URL` pointing at the broker.
 */
export {
  ensureMosquitto,
  startMosquitto,
  type Broker,
} from '../../apps/server/src/test-support/mosquitto';
export {
  Zigbee2mqttDouble,
  type DoubleDeviceInit,
  type ReceivedCommand,
} from '../../apps/server/src/test-support/zigbee2mqtt-double';
export { DEVICE_MODELS } from '../../apps/server/src/test-support/zigbee2mqtt-devices';
export {
  HA_CLIMATE_KEYS,
  HA_DEVICE_KEYS,
  ISSUE_CLIMATE_KEYS,
} from '../../apps/server/src/test-support/home-assistant';
