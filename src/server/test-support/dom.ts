// jsdom (a dev dependency, for the client's component tests) ships no types of its own.
// @ts-expect-error: no declaration file; only the two calls below are used.
import { JSDOM } from 'jsdom';

/** An XML document parsed strictly: throws on anything that is not well-formed. */
export function parseXml(xml: string): Document {
  return (new JSDOM(xml, { contentType: 'application/xml' }) as { window: { document: Document } }).window.document;
}

/** An HTML document, as a browser would parse it. */
export function parseHtml(html: string): Document {
  return (new JSDOM(html) as { window: { document: Document } }).window.document;
}
