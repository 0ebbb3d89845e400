import { startTransition, useEffect, useState, type RefObject } from 'react';

export type VideoRef = RefObject<HTMLVideoElement | null>;

/**
 * Follows one reading of a video element (`read`) on the events that change it, drawn as a
 * transition. Only the component that shows it redraws: a player around it stays as it is while
 * the video plays (timeupdate comes about four times a second). `read` returning the same value
 * (a clock's whole second) redraws nothing. `events` and `read` are constants of the module that
 * calls it (the listeners are attached once per element).
 */
export function useMediaReading<T>(videoRef: VideoRef, events: readonly string[], read: (el: HTMLVideoElement) => T, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const el = videoRef.current;
    if (!el) return;
    const update = () => startTransition(() => setValue(read(el)));
    for (const event of events) el.addEventListener(event, update);
    return () => {
      for (const event of events) el.removeEventListener(event, update);
    };
  }, [videoRef, events, read]);
  return [value, setValue];
}

/** The events after which the element's position may have changed. */
export const POSITION_EVENTS = ['timeupdate', 'seeking', 'seeked', 'emptied'] as const;
export const currentTime = (el: HTMLVideoElement) => el.currentTime;
