import { vi } from 'vitest';

/**
 * Waits until `check` passes (its last failure is thrown after `timeoutMs`): for what arrives
 * over a real broker or a real socket, where a test cannot know the moment.
 */
export async function eventually(
  check: () => void | Promise<void>,
  timeoutMs = 8_000,
): Promise<void> {
  await vi.waitFor(check, { timeout: timeoutMs, interval: 25 });
}
