import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { progressSeconds } from './ffmpeg.js';

export interface RunOptions {
  /** Seconds of media, to turn ffmpeg's position into a fraction. */
  durationSeconds?: number;
  onProgress?: (fraction: number) => void;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export class FfmpegError extends Error {}

/**
 * On Linux, util-linux's `setpriv --pdeathsig` makes the tool die with the server: a server killed
 * outright (SIGKILL, out of memory) would otherwise leave its transcodes running for nothing while
 * their jobs run again elsewhere.
 */
const SETPRIV = '/usr/bin/setpriv';
const dieWithParent = process.platform === 'linux' && fs.existsSync(SETPRIV);

/** The command that runs `program args`, tied to this process's life where the system allows. */
export function mediaCommand(program: string, args: string[]): [string, string[]] {
  return dieWithParent ? [SETPRIV, ['--pdeathsig', 'KILL', '--', program, ...args]] : [program, args];
}

/** Runs ffmpeg or ffprobe with progress, a timeout and cancellation; resolves with stdout. */
export function runMediaTool(tool: 'ffmpeg' | 'ffprobe', args: string[], opts: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const [command, argv] = mediaCommand(process.env[tool.toUpperCase() + '_PATH'] ?? tool, args);
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
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
