import net from 'node:net';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';

// node-media-server's RTMP protocol parser, used on its own: handshake, chunks, AMF commands and
// FLV packets, without its servers, global state or logging.
const require = createRequire(import.meta.url);
interface AvPacket {
  codec_type: number;
  dts: number;
  size: number;
  data: Buffer;
}
interface RtmpParser {
  onConnectCallback: (req: { app: string; name: string }) => void;
  onPlayCallback: () => void;
  onPushCallback: () => void;
  onPacketCallback: (packet: AvPacket) => void;
  onOutputCallback: (buffer: Buffer) => void;
  parserData(data: Buffer): string | null | undefined;
}
const Rtmp = require('node-media-server/src/protocol/rtmp.js') as new () => RtmpParser;
const Flv = require('node-media-server/src/protocol/flv.js') as {
  createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
  createMessage(packet: AvPacket): Buffer;
};

/** Decides a publish: where the FLV goes, or undefined to refuse it (a wrong key). */
export type PublishHandler = (key: string) => Promise<{ sink: Writable; onClose: () => void } | undefined>;

/**
 * Whether the publish carries sound, from its first packet: encoders (OBS, ffmpeg) start with the
 * stream's metadata, which names an audio codec only when there is one. An FLV header that claims
 * audio that never comes keeps ffmpeg probing for it, and the stream from starting, for a minute.
 */
function hasAudio(first: AvPacket): boolean {
  return first.codec_type === FLV_SCRIPT_DATA ? first.data.includes('audiocodecid') : true;
}
const FLV_SCRIPT_DATA = 18;

/** Bytes a publisher may send before its key has been checked. */
const MAX_EARLY_BYTES = 8 * 1024 * 1024;

/**
 * RTMP ingest as OBS speaks it: `rtmp://host:port/live` with the stream key as the stream name.
 * Playing over RTMP is refused. Each accepted publish is handed over as an FLV byte stream.
 */
export function createRtmpServer(onPublish: PublishHandler, log: { warn(obj: object, msg: string): void }) {
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    socket.setTimeout(30_000, () => socket.destroy());
    const rtmp = new Rtmp();
    let app = '';
    let key = '';
    let sink: Writable | undefined;
    let onClose: (() => void) | undefined;
    let early: Buffer[] | undefined;
    let earlyBytes = 0;
    const write = (b: Buffer) => {
      if (sink) sink.write(b);
      else if (early) {
        earlyBytes += b.length;
        if (earlyBytes > MAX_EARLY_BYTES) socket.destroy();
        else early.push(b);
      }
    };
    rtmp.onOutputCallback = (b) => {
      if (!socket.destroyed) socket.write(b);
    };
    rtmp.onConnectCallback = (req) => {
      app = String(req.app ?? '');
      key = String(req.name ?? '');
    };
    rtmp.onPlayCallback = () => socket.destroy();
    rtmp.onPushCallback = () => {
      if (app !== 'live' || early || sink) return void socket.destroy();
      early = [];
      onPublish(key).then(
        (accepted) => {
          if (!accepted || socket.destroyed) {
            accepted?.onClose();
            return void socket.destroy();
          }
          sink = accepted.sink;
          onClose = accepted.onClose;
          // ffmpeg gone (it failed, or a newer session replaced this one): the publisher is let go.
          sink.once('close', () => socket.destroy());
          for (const b of early ?? []) sink.write(b);
          early = undefined;
        },
        (err: unknown) => {
          log.warn({ err }, 'rtmp: publish failed');
          socket.destroy();
        },
      );
    };
    let headed = false;
    rtmp.onPacketCallback = (packet) => {
      if (!headed) {
        headed = true;
        write(Flv.createHeader(hasAudio(packet), true));
      }
      write(Flv.createMessage(packet));
    };
    socket.on('data', (data: Buffer) => {
      try {
        if (rtmp.parserData(data)) socket.destroy();
      } catch {
        // Malformed commands (a bad tcUrl, broken AMF) end that connection, never the server.
        socket.destroy();
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      early = undefined;
      onClose?.();
      onClose = undefined;
    });
  });
  return server;
}
