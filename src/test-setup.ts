import { afterEach, vi } from 'vitest';

// A console.error during a test is a bug the test did not catch: fail it (CONTRIBUTING.md).
// The server's test files share their worker (vitest.config.ts: `isolate: false`): this file runs
// again for each of them, and wraps console.error again only once Vitest has put the real one back.
const SEEN = Symbol.for('glint.test.consoleErrors');
const shared = globalThis as typeof globalThis & { [SEEN]?: unknown[][] };
const errors = (shared[SEEN] ??= []);
if (!vi.isMockFunction(console.error)) {
  const original = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
    original(...args);
  });
}
afterEach(() => {
  const seen = errors.splice(0);
  if (seen.length) throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`);
});
