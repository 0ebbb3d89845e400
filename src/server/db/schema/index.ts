export * from './profiles.js';
export * from './content.js';
export * from './auth.js';
export * from './wallet.js';
export * from './social.js';
export * from './chat.js';
export * from './rewards.js';
export * from './x402.js';
