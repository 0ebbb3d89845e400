import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../../shared/media/images.js';
import { jobsFor } from '../../platform/jobs/jobs.js';
import { fetchOutbound } from '../../platform/http/outbound.js';
import { storeImage } from '../../platform/storage/images.js';
import { tokenMedia } from '../../platform/storage/storage.js';
import { getTokenRow, setTokenImage, TOKEN_IMAGE_QUEUE } from './service.js';

export interface TokenJobs {
  [TOKEN_IMAGE_QUEUE]: { mint: string };
}

/** A token's metadata JSON is small; anything larger is not one. */
const METADATA_MAX_BYTES = 64 * 1024;
const TOKEN_IMAGE_SIDE = 256;
const MetadataJson = z.object({ image: z.string().max(2048) });

/**
 * A token's picture: its metadata URI's JSON names an image, which is fetched under the outbound
 * rules (https, public addresses, time and size limits), checked to be an image, re-encoded as a
 * square JPEG and stored. Anything wrong on the way leaves the token without a picture.
 */
export async function defineTokenJobs(app: FastifyInstance): Promise<void> {
  const jobs = jobsFor<TokenJobs>(app.jobs);
  const allowPrivate = app.config.localDev;
  await jobs.define(TOKEN_IMAGE_QUEUE, {
    retryLimit: 1,
    oncePerKey: true,
    handler: async ({ mint }) => {
      const row = await getTokenRow(app.db, mint);
      if (!row?.uri || row.uri === row.imageFrom) return;
      const from = row.uri;
      let imageUrl: string | null = null;
      try {
        const meta = await fetchOutbound(from, { maxBytes: METADATA_MAX_BYTES, accept: 'application/json', allowPrivate });
        const { image } = MetadataJson.parse(JSON.parse(meta.body.toString('utf8')));
        const picture = await fetchOutbound(image, { maxBytes: IMAGE_MAX_BYTES, accept: 'image/*', allowPrivate });
        imageUrl = await storeImage(app.storage, picture.body, `${tokenMedia(mint)}/image-${randomUUID()}.jpg`, TOKEN_IMAGE_SIDE, TOKEN_IMAGE_SIDE);
      } catch (err) {
        app.log.info({ err: String(err), mint }, 'tokens: no picture for this token');
      }
      // Recorded either way: the same URI is not fetched again until it changes.
      await setTokenImage(app.db, mint, imageUrl, from);
    },
  });
}

/** Queues the picture of a token whose metadata URI is new (once per token at a time). */
export const queueTokenImage = (app: FastifyInstance, mint: string) => jobsFor<TokenJobs>(app.jobs).send(TOKEN_IMAGE_QUEUE, { mint }, { singletonKey: mint });
