import net from 'node:net';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import type { Config } from '../../platform/config.js';

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
/** The parser's insides that its allocation goes through, overridden below. */
interface RtmpInternals extends RtmpParser {
  parserPacket: { header: { length: number; type: number }; capacity: number; payload: Buffer };
  inPackets: Map<number, { capacity: number }>;
  packetParse(): void;
  packetAlloc(): void;
  controlHandler(): void;
}
const Rtmp = require('node-media-server/src/protocol/rtmp.js') as new () => RtmpInternals;
const Flv = require('node-media-server/src/protocol/flv.js') as {
  createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
  createMessage(packet: AvPacket): Buffer;
};

/** What an RTMP connection may cost; the settings `RTMP_*` of docs/configuration.md. */
export type RtmpLimits = Config['live']['rtmpLimits'];

/**
 * Before its key is accepted a connection only sends commands (connect, createStream, publish:
 * a few hundred bytes each) on a handful of chunk streams (ffmpeg and OBS use at most five).
 */
export const EARLY_MAX_MESSAGE_BYTES = 64 * 1024;
export const EARLY_MAX_CHUNK_STREAMS = 8;
/** An accepted publisher: audio, video, data and commands, with room to spare. */
const MAX_CHUNK_STREAMS = 16;
/** Bytes of FLV kept while the key is checked (the socket is not read meanwhile: only what came with the publish). */
const MAX_EARLY_BYTES = 1024 * 1024;
const RTMP_TYPE_SET_CHUNK_SIZE = 1;

class RtmpLimitError extends Error {}

/**
 * The parser reserves each message's declared length (up to 16 MB) per chunk stream as soon as
 * it reads a chunk header, whoever sends it. Here every reservation is checked first: the
 * declared length against the connection's cap, and the sum of what its chunk streams hold
 * against its budget; the number of chunk streams is capped too. Going over throws, which ends
 * that connection only. Until the key is accepted the caps are the small `EARLY_` ones.
 */
class BoundedRtmp extends Rtmp {
  accepted = false;
  constructor(private readonly maxMessageBytes: number) {
    super();
    // An FLV parser with a 1 MB buffer the RTMP parser makes and never uses: let it go at once.
    (this as { flv?: unknown }).flv = undefined;
  }

  private caps() {
    const message = this.accepted ? this.maxMessageBytes : EARLY_MAX_MESSAGE_BYTES;
    const streams = this.accepted ? MAX_CHUNK_STREAMS : EARLY_MAX_CHUNK_STREAMS;
    // The parser reserves 1 KB more than each message; two messages of the largest size at once.
    return { message, streams, budget: streams * 1024 + 2 * message };
  }

  override packetParse() {
    super.packetParse();
    if (this.inPackets.size > this.caps().streams) throw new RtmpLimitError('too many chunk streams');
  }

  override packetAlloc() {
    const { length } = this.parserPacket.header;
    const { message, budget } = this.caps();
    if (length > message) throw new RtmpLimitError('message too large');
    if (this.parserPacket.capacity < length) {
      let held = 0;
      for (const p of this.inPackets.values()) if (p !== this.parserPacket) held += p.capacity;
      if (held + length + 1024 > budget) throw new RtmpLimitError('too much reserved');
    }
    super.packetAlloc();
  }

  override controlHandler() {
    // A chunk size of 0 would leave the parser stuck on one chunk for ever.
    if (this.parserPacket.header.type === RTMP_TYPE_SET_CHUNK_SIZE) {
      const size = this.parserPacket.payload.readUInt32BE(0);
      if (size < 1 || size > 0x7fffffff) throw new RtmpLimitError('bad chunk size');
    }
    super.controlHandler();
  }
}

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

/**
 * RTMP ingest as OBS speaks it: `rtmp://host:port/live` with the stream key as the stream name.
 * Playing over RTMP is refused. Each accepted publish is handed over as an FLV byte stream.
 *
 * What a connection without a key can cost is bounded (docs/decisions/019-bounded-rtmp-ingest.md):
 * connections in all and per address, the memory the parser may reserve for it, the time it has
 * to publish with a key that is accepted, and no new connection or publish while the process's
 * resident memory is over the limit.
 */
export function createRtmpServer(onPublish: PublishHandler, log: { warn(obj: object, msg: string): void }, limits: RtmpLimits) {
  let open = 0;
  const byAddress = new Map<string, number>();
  const overMemory = () => limits.maxRssBytes > 0 && process.memoryUsage.rss() > limits.maxRssBytes;
  let refusedForMemory = 0;
  const refuseForMemory = () => {
    // Logged once a minute at most: a flood of refusals must not flood the log.
    if (Date.now() - refusedForMemory > 60_000) {
      refusedForMemory = Date.now();
      log.warn({ rss: process.memoryUsage.rss(), limit: limits.maxRssBytes }, 'rtmp: memory over the limit, new publishers refused');
    }
  };

  const server = net.createServer((socket) => {
    const address = socket.remoteAddress ?? '';
    const fromAddress = byAddress.get(address) ?? 0;
    if (open >= limits.maxConnections || fromAddress >= limits.maxConnectionsPerAddress) return void socket.destroy();
    if (overMemory()) {
      refuseForMemory();
      return void socket.destroy();
    }
    open++;
    byAddress.set(address, fromAddress + 1);

    socket.setNoDelay(true);
    socket.setTimeout(30_000, () => socket.destroy());
    // From the first byte to a key accepted: a connection that has not published by then is closed.
    const deadline = setTimeout(() => socket.destroy(), limits.publishTimeoutMs);
    const rtmp = new BoundedRtmp(limits.maxMessageBytes);
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
      if (overMemory()) {
        refuseForMemory();
        return void socket.destroy();
      }
      early = [];
      // Nothing more is read until the key is checked: the early caps hold for what came with the publish.
      socket.pause();
      onPublish(key).then(
        (accepted) => {
          if (!accepted || socket.destroyed) {
            accepted?.onClose();
            return void socket.destroy();
          }
          sink = accepted.sink;
          onClose = accepted.onClose;
          clearTimeout(deadline);
          rtmp.accepted = true;
          // ffmpeg gone (it failed, a newer session replaced this one, or it was cut off): the publisher is let go.
          sink.once('close', () => socket.destroy());
          for (const b of early ?? []) sink.write(b);
          early = undefined;
          socket.resume();
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
      if (socket.destroyed) return;
      try {
        if (rtmp.parserData(data)) socket.destroy();
      } catch {
        // Malformed commands (a bad tcUrl, broken AMF) and anything over the limits end that
        // connection, never the server.
        socket.destroy();
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(deadline);
      open--;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
      early = undefined;
      onClose?.();
      onClose = undefined;
    });
  });
  return server;
}
