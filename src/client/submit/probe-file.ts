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
