import {
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { DIAL_RANGE, pointerToValue, valueForKey, type DialRange } from '../utils/dial-math';

/**
 * Pointer and keyboard input of the dial. While the user drags or holds a key, the dial shows a
 * preview that incoming data cannot move; letting go (pointer up, key up) commits it once.
 */
export function useDialInput({
  value,
  readOnly,
  onCommit,
  range = DIAL_RANGE,
}: {
  /** The target as it is (it may lie beyond the range: keys and drags land inside it). */
  value: number;
  readOnly: boolean;
  range?: DialRange;
  onCommit: (value: number) => void;
}) {
  const [preview, setPreview] = useState<number | null>(null);
  // The centre is measured once per drag: reading layout on every move would force reflows.
  const centre = useRef<{ x: number; y: number } | null>(null);
  const dragging = useRef(false);
  // The last previewed value of a drag; null until the pointer moves, so a tap on the handle
  // commits nothing.
  const dragValue = useRef<number | null>(null);

  const finish = (next: number | null) => {
    dragging.current = false;
    centre.current = null;
    dragValue.current = null;
    setPreview(null);
    if (next !== null && next !== value) onCommit(next);
  };

  const fromPointer = (event: ReactPointerEvent) => {
    const c = centre.current;
    return c ? pointerToValue(event.clientX - c.x, event.clientY - c.y, range) : value;
  };

  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (readOnly || event.button !== 0) return;
    const onHandle = (event.target as Element).closest('[data-dial-handle]') !== null;
    // On touch and pen only the handle starts a drag, so a finger scrolling the page past the
    // dial never changes a target.
    if (event.pointerType !== 'mouse' && !onHandle) return;
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    centre.current = { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    (event.currentTarget.parentElement as HTMLElement | null)?.focus({ preventScroll: true });
    if (!onHandle) track(fromPointer(event));
  };

  const track = (next: number) => {
    dragValue.current = next;
    setPreview(next);
  };

  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (!dragging.current) return;
    track(fromPointer(event));
  };

  const onPointerUp = () => {
    if (dragging.current) finish(dragValue.current);
  };

  const onPointerCancel = () => {
    if (dragging.current) finish(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (readOnly) return;
    const next = valueForKey(preview ?? value, event.key, range);
    if (next === null) return;
    event.preventDefault();
    setPreview(next);
  };

  const onKeyUp = (event: KeyboardEvent<HTMLElement>) => {
    if (readOnly || preview === null || dragging.current) return;
    if (valueForKey(preview, event.key, range) === null) return;
    finish(preview);
  };

  const onBlur = () => {
    // A key held while focus leaves never sees its key up: commit what the user chose.
    if (!dragging.current && preview !== null) finish(preview);
  };

  return {
    shown: preview ?? value,
    previewing: preview !== null,
    svgHandlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel },
    keyHandlers: { onKeyDown, onKeyUp, onBlur },
  };
}
