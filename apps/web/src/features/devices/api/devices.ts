import type { MqttDevice, RoomDevicesAnswer } from '@raumregler/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPostJson, OWN_SERVER } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

export const DEVICES_PATH = '/devices/';
export const roomDevicesPath = (roomId: number) => `/rooms/${roomId}/devices`;

export async function getDevices(): Promise<MqttDevice[]> {
  const answer = await apiGet<{ devices?: unknown }>(DEVICES_PATH, OWN_SERVER);
  return Array.isArray(answer?.devices) ? (answer.devices as MqttDevice[]) : [];
}

/** `GET /api/devices/`: every zigbee2mqtt device (building-wide managers only, else 403). */
export const devicesQueryOptions = () =>
  queryOptions({
    queryKey: ['devices'],
    queryFn: getDevices,
    staleTime: 15_000,
    refetchInterval: 60_000,
    retry: (failures: number, error: Error) => {
      const status = (error as ApiError).status;
      return (status === undefined || status >= 500) && failures < 3;
    },
  });

/** A device to put into a room (`to`), or out of its room (`to` null). */
export interface Assignment {
  device: MqttDevice;
  to: { id: number; name: string } | null;
}

/**
 * The room's new list for an assignment, from the device list: the target room's devices and
 * this one (the server moves it out of its old room), or its old room's devices without it.
 */
export function assignmentRequest(
  devices: readonly MqttDevice[],
  { device, to }: Assignment,
): { roomId: number; names: string[] } | null {
  const inRoom = (roomId: number) =>
    devices.filter((other) => other.room?.id === roomId).map((other) => other.name);
  if (to) {
    const names = inRoom(to.id).filter((name) => name !== device.name);
    return { roomId: to.id, names: [...names, device.name] };
  }
  if (!device.room) return null;
  return { roomId: device.room.id, names: inRoom(device.room.id).filter((n) => n !== device.name) };
}

/** `POST /api/rooms/{roomId}/devices` with a JSON body; the list reloads after it. */
export function useAssignDevice(devices: readonly MqttDevice[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (assignment: Assignment) => {
      const request = assignmentRequest(devices, assignment);
      if (!request) return null;
      return (
        await apiPostJson<RoomDevicesAnswer>(
          roomDevicesPath(request.roomId),
          { devices: request.names },
          OWN_SERVER,
        )
      ).data;
    },
    onSuccess: (answer) => {
      // The changed entries at once, then the whole list again.
      if (answer)
        queryClient.setQueryData<MqttDevice[]>(devicesQueryOptions().queryKey, (list) =>
          list?.map((entry) => answer.changed.find((c) => c.name === entry.name) ?? entry),
        );
      // The rooms' values come from their devices now: the overview reads them afresh.
      void queryClient.invalidateQueries({ queryKey: ['temps'] });
      return queryClient.invalidateQueries({ queryKey: devicesQueryOptions().queryKey });
    },
  });
}
