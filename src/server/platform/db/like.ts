/** `s` as a literal inside a LIKE/ILIKE pattern: its `%`, `_` and `\\` escaped. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
