/**
 * Whether `id` can be a row's `uuid` id: 8-4-4-4-12 hex digits. Anything else (36 dashes, a
 * braced or unhyphenated form) is nobody's id, and is answered before Postgres refuses the cast.
 */
export const isUuid = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
