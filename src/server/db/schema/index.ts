export * from './profiles.js';
export * from './content.js';
