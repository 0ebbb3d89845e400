/**
 * One run per key at a time on this instance: whoever asks while a run for the key is under way
 * gets that run's answer (a token read by many viewers at once reads the chain once).
 */
export function singleFlight<T>(): (key: string, run: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, run) => {
    let p = running.get(key);
    if (!p) {
      p = run().finally(() => running.delete(key));
      running.set(key, p);
    }
    return p;
  };
}
