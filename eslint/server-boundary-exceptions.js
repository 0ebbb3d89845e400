// Imports the server boundary rule (eslint/server-boundaries.js) refuses but that exist today: each
// one a face a feature still lacks in its service.ts. Shrink this list; never grow it.
export const serverBoundaryExceptions = [
  // a pending deletion is cancelled by signing in
  { from: 'src/server/features/auth/auth.ts', to: 'src/server/features/privacy/deletion.ts' },
  // a pending deletion is cancelled by signing in
  { from: 'src/server/features/auth/routes.ts', to: 'src/server/features/privacy/deletion.ts' },
  // live hands recordings to the transcode queue
  { from: 'src/server/features/live/replay.ts', to: 'src/server/features/videos/process-video.ts' },
  // live hands recordings to the transcode queue
  { from: 'src/server/features/live/jobs.ts', to: 'src/server/features/videos/process-video.ts' },
  // privacy confirms identity with the sign-in limits
  { from: 'src/server/features/privacy/confirm-identity.ts', to: 'src/server/features/auth/login-limits.ts' },
  // the wallet sign-in holds for the second factor like a password
  { from: 'src/server/features/wallet/plugin.ts', to: 'src/server/features/auth/second-factor.ts' },
];
