/** A `datetime-local` value (the viewer's own clock) as an ISO time, or null when empty. */
export const localToIso = (value: string) => (value ? new Date(value).toISOString() : null);

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a `datetime-local` value on the viewer's own clock, to the minute. */
export function isoToLocal(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
