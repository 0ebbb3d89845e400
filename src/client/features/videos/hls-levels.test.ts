import { describe, expect, it } from 'vitest';
import { levelForHeight, parseMasterLevels } from './hls-levels';

const MASTER = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-STREAM-INF:BANDWIDTH=2628000,AVERAGE-BANDWIDTH=2400000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"
720p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=528000,RESOLUTION=426x240,CODECS="avc1.64001f,mp4a.40.2"
240p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=1128000,RESOLUTION=854x480,CODECS="avc1.64001f,mp4a.40.2"
480p/index.m3u8
`;

describe('parseMasterLevels', () => {
  it('lists the renditions highest first, numbered by rising bitrate as hls.js numbers its levels', () => {
    expect(parseMasterLevels(MASTER)).toEqual([
      { index: 2, height: 720, bitrate: 2628000, label: '720p' },
      { index: 1, height: 480, bitrate: 1128000, label: '480p' },
      { index: 0, height: 240, bitrate: 528000, label: '240p' },
    ]);
  });

  it('reads BANDWIDTH, not AVERAGE-BANDWIDTH, and labels a rendition without a picture by its bitrate', () => {
    const audio = '#EXTM3U\n#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=64000,BANDWIDTH=96000,CODECS="mp4a.40.2"\naudio.m3u8\n';
    expect(parseMasterLevels(audio)).toEqual([{ index: 0, height: 0, bitrate: 96000, label: '96 kbps' }]);
  });

  it('gives nothing for a media playlist, an error page or a rendition without a bandwidth', () => {
    expect(parseMasterLevels('#EXTM3U\n#EXTINF:4.0,\nseg_0000.ts\n')).toEqual([]);
    expect(parseMasterLevels('<html>Not found</html>')).toEqual([]);
    expect(parseMasterLevels('#EXTM3U\n#EXT-X-STREAM-INF:RESOLUTION=640x360\n360p.m3u8\n')).toEqual([]);
  });
});

describe('levelForHeight', () => {
  const levels = parseMasterLevels(MASTER);
  it('names the rendition whose height is nearest the picture the browser shows', () => {
    expect(levelForHeight(levels, 480)).toBe(1);
    expect(levelForHeight(levels, 718)).toBe(2);
  });
  it('names none before there is a picture or a rendition', () => {
    expect(levelForHeight(levels, 0)).toBeNull();
    expect(levelForHeight([], 480)).toBeNull();
  });
});
