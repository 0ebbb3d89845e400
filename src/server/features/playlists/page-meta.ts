import type { FastifyInstance } from 'fastify';
import { documentTitle, shortDescription } from '../../../shared/platform/page-titles.js';
import { PRODUCT_NAME } from '../../../shared/platform/product.js';
import { registerPageMeta, unavailablePage, type PageMeta } from '../../platform/http/page-meta.js';
import { getPlaylist } from './service.js';

/**
 * A playlist's page, "Road trip · Sol Whale · Glint", previewed with its first video's poster. A
 * guest's view: a private playlist (or a banned owner's) is unavailable; an unlisted one is
 * previewed where its link was shared but kept out of search engines.
 */
export function registerPlaylistPages(app: FastifyInstance): void {
  registerPageMeta(app.pageMeta, ['/playlist/:id'], async (params): Promise<PageMeta> => {
    const p = await getPlaylist(app.db, params.id ?? '').catch(() => undefined);
    // Watch later is always private: `/playlist/watch-later` is its owner's, never shared.
    if (!p) return unavailablePage('playlist', false);
    const count = `${p.videoCount} ${p.videoCount === 1 ? 'video' : 'videos'}`;
    return {
      title: documentTitle(p.title, p.owner.displayName),
      description: shortDescription(p.description) || `A playlist of ${count} by ${p.owner.displayName} on ${PRODUCT_NAME}.`,
      noindex: p.visibility !== 'public',
      card: {
        title: `${p.title} (${count})`,
        type: 'website',
        canonicalPath: `/playlist/${p.id}`,
        ...(p.thumbnailUrl ? { image: { url: p.thumbnailUrl, alt: `Playlist “${p.title}” by ${p.owner.displayName}` } } : {}),
      },
    };
  });
}
