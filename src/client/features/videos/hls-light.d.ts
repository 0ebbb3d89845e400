// hls.js ships its light build without types of its own: it has the full build's API, less the
// features the player does not use (subtitles, alternate audio, DRM, CMCD).
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
