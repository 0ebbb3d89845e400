import type { FastifyPluginAsync } from 'fastify';
import { NATIVE_GOOGLE_RETURN_PATH } from '../../../shared/auth/native-auth-rules.js';
import { DEEP_LINK_PREFIXES } from '../../../shared/platform/routes.js';
import type { Config } from '../../platform/config.js';

type NativeConfig = Config['native'];

/**
 * Android's Digital Asset Links statement: the app with this package name, signed with one of
 * these certificates, may open this site's links (the manifest's `autoVerify` intent filters:
 * videos, shorts, streams and the Google sign-in's return link).
 */
export function assetLinks(native: NativeConfig) {
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: { namespace: 'android_app', package_name: native.appId, sha256_cert_fingerprints: native.androidCertFingerprints },
    },
  ];
}

/**
 * iOS's apple-app-site-association: the app `<team>.<bundle id>` opens the deep-link paths, and
 * the return link of its Google sign-in, which carries a one-time code that only the verified
 * app may receive (never a custom scheme that any app can claim).
 */
export function appleAppSiteAssociation(native: NativeConfig & { iosTeamId: string }) {
  return {
    applinks: {
      details: [
        {
          appIDs: [`${native.iosTeamId}.${native.appId}`],
          components: [...DEEP_LINK_PREFIXES.flatMap((prefix) => [{ '/': prefix }, { '/': `${prefix}/*` }]), { '/': NATIVE_GOOGLE_RETURN_PATH }],
        },
      ],
    },
  };
}

/**
 * The two files phones fetch to trust the app with this site's links. Served only when
 * configured (`ANDROID_CERT_SHA256`, `IOS_TEAM_ID`); otherwise there is nothing to claim and
 * the answer is 404.
 */
export const appLinkRoutes: FastifyPluginAsync<NativeConfig> = async (app, native) => {
  const json = { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' };
  const notFound = { code: 'not_found', message: 'Not configured' };
  app.get('/.well-known/assetlinks.json', { schema: { hide: true } }, async (_req, reply) => {
    if (!native.androidCertFingerprints.length) return reply.status(404).send(notFound);
    return reply.headers(json).send(assetLinks(native));
  });
  // Apple fetches it without an extension and wants JSON, never a redirect.
  app.get('/.well-known/apple-app-site-association', { schema: { hide: true } }, async (_req, reply) => {
    const { iosTeamId } = native;
    if (!iosTeamId) return reply.status(404).send(notFound);
    return reply.headers(json).send(appleAppSiteAssociation({ ...native, iosTeamId }));
  });
};
