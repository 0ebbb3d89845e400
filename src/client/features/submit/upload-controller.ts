import type { VideoProcessingEvent } from '../../../shared/realtime/realtime';
import type { PreviousUpload, Upload } from 'tus-js-client';
import { VIDEO_HELD, type VideoDetail, type Visibility } from '../../../shared/videos/videos';
import { GENERIC_ERROR_MESSAGE } from '../../../shared/platform/errors';
import { api, ApiError } from '../../lib/api';
import { serverUrl } from '../../lib/native/api-origin';
import { nativeAuthHeaders } from '../../lib/native/session-token';
import type { OwnUpload } from '../videos/queries';
import { idle, isBusy, uploadReducer, type UploadEvent, type UploadKind, type UploadState } from './upload-machine';

export const UPLOAD_ENDPOINT = '/api/uploads';
const CHUNK_SIZE = 8 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000];
const POLL_MS = 1500;

export interface UploadRequest {
  file: File;
  kind: UploadKind;
  title: string;
  description: string;
  category: string;
  tags: string[];
  visibility: Visibility;
  /** Pay-per-view: a price in USDC, or none for a free video. */
  priceUsdc?: string | undefined;
}

/** tus-js-client, loaded with the first upload, never with the app. */
const loadTus = () => import('tus-js-client');

/** A message for a failed upload: the server's `{ message }` when it sent one. */
export function uploadErrorMessage(err: unknown): string {
  const res = (err as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse;
  if (res) {
    const status = res.getStatus();
    // tus answers some refusals in plain text: then the status says what happened.
    const refused = ApiError.fromResponse(status, res.getBody());
    if (refused.message !== GENERIC_ERROR_MESSAGE) return refused.message;
    if (status === 413) return 'This file is larger than the upload limit.';
    if (status === 401) return 'Please sign in to continue.';
    if (status === 403) return 'Email Verification Required';
  }
  if (err instanceof ApiError) return err.message;
  if (typeof navigator !== 'undefined' && !navigator.onLine)
    return 'You are offline. Try again when you are back online: the upload continues where it stopped.';
  return 'The connection was lost. Try again: the upload continues where it stopped.';
}

/**
 * An earlier, unfinished upload of this same file (tus keeps a fingerprint of name, type, size
 * and date in localStorage) whose draft is still waiting for it: resuming it sends only the rest.
 * Leftovers that can no longer resume are forgotten.
 */
export async function findResumable(file: File, kind: UploadKind, signal?: AbortSignal): Promise<{ previous: PreviousUpload; draft: OwnUpload } | null> {
  const tus = await loadTus();
  if (!tus.canStoreURLs) return null;
  const probe = new tus.Upload(file, { endpoint: serverUrl(UPLOAD_ENDPOINT) });
  const previous = await probe.findPreviousUploads();
  if (previous.length === 0) return null;
  const mine = await api<OwnUpload[]>('/api/videos/mine', { signal });
  let found: { previous: PreviousUpload; draft: OwnUpload } | null = null;
  for (const p of previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))) {
    const draft = mine.find((m) => m.id === p.metadata.videoId);
    if (!found && draft && draft.status === 'uploading' && draft.kind === kind) found = { previous: p, draft };
    else if (!draft || draft.status !== 'uploading') await tus.defaultOptions.urlStorage.removeUpload(p.urlStorageKey).catch(() => undefined);
  }
  return found;
}

/** The largest upload the server takes (tus `Tus-Max-Size`), or null when it does not say. */
export async function fetchUploadLimit(): Promise<number | null> {
  try {
    const res = await fetch(serverUrl(UPLOAD_ENDPOINT), { method: 'OPTIONS', headers: { 'Tus-Resumable': '1.0.0' } });
    const max = Number(res.headers.get('tus-max-size'));
    return Number.isFinite(max) && max > 0 ? max : null;
  } catch {
    return null;
  }
}

type Listener = () => void;

/**
 * Runs one upload at a time outside React, so it goes on while the creator browses elsewhere in
 * the app: creates the draft (or picks up an earlier one), sends the file with tus, then follows
 * processing until the video is ready or failed. Cancel aborts everything with one AbortSignal.
 */
export class UploadController {
  private state: UploadState = idle;
  private listeners = new Set<Listener>();
  private abort: AbortController | null = null;
  private upload: Upload | null = null;
  private last: UploadRequest | null = null;

  getState = (): UploadState => this.state;

  subscribe = (fn: Listener): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  /** The request of the last upload, for Try again. */
  get lastRequest(): UploadRequest | null {
    return this.last;
  }

  private dispatch(event: UploadEvent) {
    const next = uploadReducer(this.state, event);
    if (next === this.state) return;
    const wasBusy = isBusy(this.state);
    this.state = next;
    if (isBusy(next) !== wasBusy) {
      if (isBusy(next)) window.addEventListener('beforeunload', warnBeforeLeaving);
      else window.removeEventListener('beforeunload', warnBeforeLeaving);
    }
    for (const fn of this.listeners) fn();
  }

  async start(req: UploadRequest): Promise<void> {
    if (isBusy(this.state)) return;
    this.last = req;
    const controller = new AbortController();
    this.abort = controller;
    const { signal } = controller;
    this.dispatch({ type: 'start', title: req.title, kind: req.kind, fileName: req.file.name, bytesTotal: req.file.size });

    try {
      const tus = await loadTus();
      const resumable = await findResumable(req.file, req.kind, signal);
      const details = { title: req.title, description: req.description, category: req.category, tags: req.tags, visibility: req.visibility };
      let videoId: string;
      if (resumable) {
        videoId = resumable.draft.id;
        await api<VideoDetail>(`/api/videos/${videoId}`, { method: 'PATCH', json: { ...details, priceUsdc: req.priceUsdc ?? null }, signal });
      } else {
        const priced = req.priceUsdc ? { priceUsdc: req.priceUsdc } : {};
        videoId = (await api<{ id: string }>('/api/videos', { method: 'POST', json: { kind: req.kind, ...details, ...priced }, signal })).id;
      }
      if (signal.aborted) return;
      this.dispatch({ type: 'draft', videoId, resumed: !!resumable });

      const upload = new tus.Upload(req.file, {
        endpoint: serverUrl(UPLOAD_ENDPOINT),
        // The native app's bearer token (a browser's cookie goes by itself).
        headers: nativeAuthHeaders(UPLOAD_ENDPOINT),
        metadata: { videoId, filename: req.file.name, filetype: req.file.type || 'application/octet-stream' },
        chunkSize: CHUNK_SIZE,
        retryDelays: RETRY_DELAYS,
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onProgress: (sent, total) => {
          if (!signal.aborted) this.dispatch({ type: 'progress', bytesSent: sent, bytesTotal: total, at: performance.now() });
        },
        onSuccess: () => {
          if (signal.aborted) return;
          this.upload = null;
          this.dispatch({ type: 'uploaded' });
          void this.followProcessing(videoId, signal);
        },
        onError: (err) => {
          if (signal.aborted) return;
          this.upload = null;
          // A refused file (not a video, a landscape short) will not resume: forget it.
          const status = (err as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus();
          if (status && status >= 400 && status < 500) void forget(upload);
          this.dispatch({ type: 'failed', reason: uploadErrorMessage(err) });
        },
      });
      this.upload = upload;
      if (resumable) upload.resumeFromPreviousUpload(resumable.previous);
      upload.start();
    } catch (err) {
      if (signal.aborted) return;
      this.dispatch({ type: 'failed', reason: uploadErrorMessage(err) });
    }
  }

  /** Stops the upload, removes what reached the server, and drops the draft. */
  async cancel(): Promise<void> {
    const s = this.state;
    if (s.status !== 'uploading') return;
    this.abort?.abort();
    const upload = this.upload;
    this.upload = null;
    this.dispatch({ type: 'cancel' });
    // abort(true) is abort plus tus.Upload.terminate of its URL, and forgets the fingerprint.
    if (upload) await upload.abort(true).catch(() => undefined);
    if (s.videoId) await api(`/api/videos/${s.videoId}`, { method: 'DELETE' }).catch(() => undefined);
  }

  /** A processing update pushed over the realtime socket (the poll below is the fallback). */
  processingUpdate(e: VideoProcessingEvent) {
    if (this.state.status !== 'processing' || this.state.videoId !== e.id) return;
    if (e.status === 'ready') this.dispatch({ type: 'ready' });
    // Held (the account is suspended): processing is over, and the reason is what the owner reads.
    else if (e.status === 'held') this.dispatch({ type: 'failed', reason: VIDEO_HELD });
    else if (e.status === 'failed') this.dispatch({ type: 'failed', reason: e.failureReason ?? 'Processing failed.' });
    else this.dispatch({ type: 'processing', percent: e.percent });
  }

  /** Back to idle after ready or failed. */
  reset() {
    this.dispatch({ type: 'reset' });
  }

  /** Polls the owner's view of the video until processing ends. */
  private async followProcessing(videoId: string, signal: AbortSignal) {
    while (!signal.aborted && this.state.status === 'processing') {
      await new Promise((r) => setTimeout(r, POLL_MS));
      if (signal.aborted) return;
      try {
        const v = await api<VideoDetail>(`/api/videos/${videoId}`, { signal });
        if (v.status === 'ready') this.dispatch({ type: 'ready' });
        else if (v.status === 'held') this.dispatch({ type: 'failed', reason: VIDEO_HELD });
        else if (v.status === 'failed') this.dispatch({ type: 'failed', reason: v.failureReason ?? 'Processing failed.' });
        else this.dispatch({ type: 'processing', percent: v.processingPercent });
      } catch (err) {
        if (signal.aborted) return;
        if (err instanceof ApiError && err.status === 404) {
          this.dispatch({ type: 'failed', reason: 'This video was deleted.' });
          return;
        }
        // A dropped connection: keep polling.
      }
    }
  }
}

async function forget(upload: Upload) {
  const tus = await loadTus();
  const mine = await upload.findPreviousUploads().catch(() => [] as PreviousUpload[]);
  for (const p of mine) if (p.uploadUrl === upload.url) await tus.defaultOptions.urlStorage.removeUpload(p.urlStorageKey).catch(() => undefined);
}

function warnBeforeLeaving(e: BeforeUnloadEvent) {
  e.preventDefault();
}

/** The app's one upload. */
export const uploads = new UploadController();
