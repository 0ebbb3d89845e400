import { sniffVideo } from '../../../shared/media/sniff';
import { NOT_A_VIDEO, shortProblem, TITLE_MAX } from '../../../shared/videos/videos';
import { formatBytes, type UploadKind } from './upload-machine';

export interface VideoFileInfo {
  width: number;
  height: number;
  /** Seconds; null when the file does not say (some recordings). */
  duration: number | null;
}

/**
 * Reads a video file's size and length in the browser, with a detached <video> that loads only
 * the metadata. Null when the browser cannot read it (a format it does not play): the server,
 * which reads far more formats, decides then.
 */
export function probeVideoFile(file: File, timeoutMs = 15_000): Promise<VideoFileInfo | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let done = false;
    const finish = (info: VideoFileInfo | null) => {
      if (done) return;
      done = true;
      window.clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(info);
    };
    const timer = window.setTimeout(() => finish(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () =>
      finish(
        video.videoWidth > 0 && video.videoHeight > 0
          ? { width: video.videoWidth, height: video.videoHeight, duration: Number.isFinite(video.duration) ? video.duration : null }
          : null,
      );
    video.onerror = () => finish(null);
    video.src = url;
  });
}

/**
 * Whether the file's first bytes are a video container (the same check the server makes): false
 * for a file that is surely not a video whatever its name, undefined when it cannot be told.
 */
export async function sniffVideoFile(file: File): Promise<boolean | undefined> {
  try {
    return sniffVideo(new Uint8Array(await file.slice(0, 512).arrayBuffer()));
  } catch {
    return undefined;
  }
}

/** The default title: the file's name without its extension, tidied. */
export function titleFromFile(name: string): string {
  return name
    .replace(/\.[^.]+$/, '')
    .replace(/[_]+/g, ' ')
    .trim()
    .slice(0, TITLE_MAX);
}

export interface Chosen {
  file: File;
  /** For the preview; revoked when the file changes. */
  url: string;
  /** undefined while reading it. */
  info: VideoFileInfo | null | undefined;
  /** False when its first bytes are surely not a video (the server would refuse it). */
  container?: boolean | undefined;
}

/** What is wrong with the file for this kind of upload, before sending a byte. */
export function fileProblem(chosen: Chosen, kind: UploadKind, limit: number | null): string | undefined {
  if (limit && chosen.file.size > limit) return `This file is too big: the limit is ${formatBytes(limit)}.`;
  if (chosen.file.size === 0) return 'This file is empty.';
  if (chosen.container === false) return NOT_A_VIDEO;
  if (chosen.info === null && chosen.file.type && !chosen.file.type.startsWith('video/')) return NOT_A_VIDEO;
  if (chosen.info && kind === 'short') return shortProblem(chosen.info.width, chosen.info.height, chosen.info.duration ?? 0);
  return undefined;
}
