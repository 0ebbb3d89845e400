// Imports the server boundary rule (eslint/server-boundaries.js) refuses but that exist today: each
// one a face a feature still lacks in its service.ts. Shrink this list; never grow it.
export const serverBoundaryExceptions = [
  // wallet has no service.ts yet: isPlaceholderEmail, linkedWallets, acceptWalletProof, phantomWallet
  { from: 'src/server/features/auth/auth.ts', to: 'src/server/features/wallet/plugin.ts' },
  // a pending deletion is cancelled by signing in
  { from: 'src/server/features/auth/auth.ts', to: 'src/server/features/privacy/deletion.ts' },
  // wallet has no service.ts yet: isPlaceholderEmail, linkedWallets, acceptWalletProof, phantomWallet
  { from: 'src/server/features/auth/routes.ts', to: 'src/server/features/wallet/plugin.ts' },
  // a pending deletion is cancelled by signing in
  { from: 'src/server/features/auth/routes.ts', to: 'src/server/features/privacy/deletion.ts' },
  // categoryParam (a zod param) belongs in src/shared
  { from: 'src/server/features/bounties/routes.ts', to: 'src/server/features/home/routes.ts' },
  // followedIds belongs in profiles/service.ts
  { from: 'src/server/features/home/routes.ts', to: 'src/server/features/profiles/follows.ts' },
  // the Push type belongs in notifications/service.ts
  { from: 'src/server/features/live/notify.ts', to: 'src/server/features/notifications/push.ts' },
  // live hands recordings to the transcode queue
  { from: 'src/server/features/live/replay.ts', to: 'src/server/features/videos/process-video.ts' },
  // live hands recordings to the transcode queue
  { from: 'src/server/features/live/routes.ts', to: 'src/server/features/videos/process-video.ts' },
  // wallet has no service.ts yet: isPlaceholderEmail, linkedWallets, acceptWalletProof, phantomWallet
  { from: 'src/server/features/payments/tips.ts', to: 'src/server/features/wallet/plugin.ts' },
  // privacy confirms identity with the sign-in limits
  { from: 'src/server/features/privacy/confirm-identity.ts', to: 'src/server/features/auth/login-limits.ts' },
  // wallet has no service.ts yet: isPlaceholderEmail, linkedWallets, acceptWalletProof, phantomWallet
  { from: 'src/server/features/privacy/confirm-identity.ts', to: 'src/server/features/wallet/plugin.ts' },
  // wallet has no service.ts yet: isPlaceholderEmail, linkedWallets, acceptWalletProof, phantomWallet
  { from: 'src/server/features/privacy/export.ts', to: 'src/server/features/wallet/plugin.ts' },
  // wallet has no service.ts yet: isPlaceholderEmail, linkedWallets, acceptWalletProof, phantomWallet
  { from: 'src/server/features/privacy/routes.ts', to: 'src/server/features/wallet/plugin.ts' },
  // wallet has no service.ts yet: isPlaceholderEmail, linkedWallets, acceptWalletProof, phantomWallet
  { from: 'src/server/features/roles/service.ts', to: 'src/server/features/wallet/plugin.ts' },
  // categoryParam (a zod param) belongs in src/shared
  { from: 'src/server/features/videos/routes.ts', to: 'src/server/features/home/routes.ts' },
  // the wallet sign-in holds for the second factor like a password
  { from: 'src/server/features/wallet/plugin.ts', to: 'src/server/features/auth/second-factor.ts' },
];
