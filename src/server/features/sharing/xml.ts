/**
 * Text and attribute values for XML (feeds, sitemaps): the five markup characters as entities,
 * and the characters XML 1.0 does not allow at all (control characters other than tab, newline and
 * carriage return, lone surrogates, U+FFFE and U+FFFF) left out, since no escape makes them legal.
 */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<name>escaped text</name>`. */
export const xmlElement = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
