import { describe, expect, it } from 'vitest';
import { CAPTION_EMPTY, CAPTION_NOT_TEXT, canonicalLanguage, decodeCaptionFile, languageName, toWebVtt, vttTime } from './captions.js';

const srt = `1
00:00:01,000 --> 00:00:04,000
Hello <font color="#ff0">world</font>

2
00:00:05,500 --> 00:00:07,250
{\\an8}Line one
Line two & <i>more</i>
`;

describe('captions: SRT and WebVTT to the WebVTT Glint serves', () => {
  it('turns SRT into WebVTT: times with a dot, numbers dropped, font tags and overrides gone, & escaped, WebVTT tags kept', () => {
    expect(toWebVtt(srt)).toEqual({
      ok: true,
      cues: 2,
      vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nHello world\n\n00:00:05.500 --> 00:00:07.250\nLine one\nLine two &amp; <i>more</i>\n',
    });
  });

  it('reads CRLF, a byte-order mark and short WebVTT times; keeps known cue settings and drops style, notes, regions and unknown settings', () => {
    const vtt =
      '\uFEFFWEBVTT - a title\r\nKind: captions\r\n\r\nSTYLE\r\n::cue { color: red }\r\n\r\nNOTE who wrote this\r\n\r\nintro\r\n00:01.000 --> 00:02.500 line:0 align:start region:r1 foo:bar\r\n<v Bob>Hi &amp; bye</v>\r\n';
    expect(toWebVtt(vtt)).toEqual({ ok: true, cues: 1, vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.500 line:0 align:start\n<v Bob>Hi &amp; bye</v>\n' });
  });

  it('puts cues in order, leaves out those without words, and neutralises an arrow or markup in the text', () => {
    const out = toWebVtt(
      'WEBVTT\n\n00:00:09.000 --> 00:00:10.000\nlater\n\n00:00:02.000 --> 00:00:03.000\n\n00:00:01.000 --> 00:00:02.000\na --> b <script>x</script> 1 < 2\n',
    );
    expect(out).toEqual({ ok: true, cues: 2, vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\na --&gt; b x 1 &lt; 2\n\n00:00:09.000 --> 00:00:10.000\nlater\n' });
  });

  it('refuses a file it cannot read, saying what is wrong and on which line', () => {
    expect(toWebVtt('1\n00:00:xx,000 --> 00:00:04,000\nHi\n')).toEqual({ ok: false, error: 'Line 2: “00:00:xx,000” is not a time like 00:01:02,500.' });
    expect(toWebVtt('1\n00:00:05,000 --> 00:00:03,000\nHi\n')).toEqual({
      ok: false,
      error: 'Line 2: this caption ends (00:00:03,000) before it starts (00:00:05,000).',
    });
    expect(toWebVtt('1\n00:00:01,000 --> 00:00:02,000\nHi\n\n2\nno times here\n')).toEqual({
      ok: false,
      error: "Line 6: expected the cue's times, like 00:00:01,000 --> 00:00:04,000.",
    });
    expect(toWebVtt('1\n00:10:00,000 --> 00:10:02,000\nHi\n', 300)).toEqual({
      ok: false,
      error: 'Line 2: this caption starts at 10:00, after the video ends (5:00).',
    });
    expect(toWebVtt('WEBVTT\n\nNOTE nothing\n')).toEqual({ ok: false, error: CAPTION_EMPTY });
    expect(toWebVtt('just some words')).toEqual({ ok: false, error: CAPTION_NOT_TEXT });
    expect(toWebVtt('00:00:01,000 --> 00:00:02,000\nHi\n\nstray words\n')).toEqual({
      ok: false,
      error: "Line 4: expected the cue's times, like 00:00:01,000 --> 00:00:04,000.",
    });
    expect(toWebVtt('\u0000\u0001binary')).toEqual({ ok: false, error: CAPTION_NOT_TEXT });
  });

  it('decodes UTF-8, UTF-16 with its mark, and falls back to Windows-1252 for older SRT files', () => {
    expect(decodeCaptionFile(new TextEncoder().encode('Olá'))).toBe('Olá');
    expect(decodeCaptionFile(new Uint8Array([0xff, 0xfe, 0x4f, 0x00, 0xe1, 0x00]))).toBe('Oá');
    expect(decodeCaptionFile(new Uint8Array([0x4f, 0x6c, 0xe1]))).toBe('Olá');
  });

  it('knows language tags and names them', () => {
    expect(canonicalLanguage('pt-br')).toBe('pt-BR');
    expect(canonicalLanguage('en')).toBe('en');
    expect(canonicalLanguage('../etc')).toBeUndefined();
    expect(canonicalLanguage('english')).toBeUndefined();
    expect(languageName('pt-BR')).toBe('Brazilian Portuguese');
    expect(vttTime(3723.45)).toBe('01:02:03.450');
  });
});
