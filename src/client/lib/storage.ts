/** localStorage that never throws (private mode, quota, disabled storage): reads fall back, writes are skipped. */
export function readStored<T>(key: string, parse: (raw: unknown) => T | undefined): T | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? undefined : parse(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage unavailable: the choice lasts for this visit only.
  }
}
