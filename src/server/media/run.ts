import { spawn } from 'node:child_process';
import { progressSeconds } from './ffmpeg.js';

export interface RunOptions {
  /** Seconds of media, to turn ffmpeg's position into a fraction. */
  durationSeconds?: number;
  onProgress?: (fraction: number) => void;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export class FfmpegError extends Error {}

/** Runs ffmpeg or ffprobe with progress, a timeout and cancellation; resolves with stdout. */
export function runMediaTool(tool: 'ffmpeg' | 'ffprobe', args: string[], opts: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.env[tool.toUpperCase() + '_PATH'] ?? tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let done = false;
    const finish = (err?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve(stdout);
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      finish(new FfmpegError(`${tool} cancelled`));
    };
    const timer = opts.timeoutMs
      ? setTimeout(() => {
          child.kill('SIGKILL');
          finish(new FfmpegError(`${tool} timed out after ${opts.timeoutMs} ms`));
        }, opts.timeoutMs)
      : undefined;
    opts.signal?.addEventListener('abort', onAbort);
    child.stdout.on('data', (d: Buffer) => {
      const text = d.toString();
      if (tool === 'ffprobe' || !opts.onProgress) stdout += text;
      if (opts.onProgress && opts.durationSeconds) {
        const s = progressSeconds(text);
        if (s !== undefined) opts.onProgress(Math.min(1, s / opts.durationSeconds));
      }
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    child.on('error', (err) => finish(new FfmpegError(`${tool} could not start: ${err.message}`)));
    child.on('close', (code) => {
      if (code === 0) finish();
      else finish(new FfmpegError(`${tool} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}
