import { Camera, CameraOff, Mic, MicOff, MonitorUp, Radio, Square, Video } from 'lucide-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { useNow } from '../../lib/use-now';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { formatElapsed, isStreaming, type BroadcastState } from './broadcast-machine';
import { broadcaster, NO_MIC, unsupportedReason, type BroadcastSource, type DeviceLists } from './broadcaster';

/** The submit button's name when the Go live form is sent from the studio ("create, then stream"). */
export const STUDIO_SUBMITTER = 'browser';

function statusText(s: BroadcastState): string {
  switch (s.status) {
    case 'off':
      return 'Camera off';
    case 'requesting':
      return 'Waiting for permission…';
    case 'preview':
      return 'Preview: only you see this';
    case 'connecting':
      return s.attempt ? 'Reconnecting…' : 'Connecting…';
    case 'live':
      return 'Live';
    case 'ended':
      return 'Ended';
  }
}

/**
 * Going live from the browser: camera or screen, device pickers, a muted preview, mute and camera
 * off, Start and Stop. With `streamId` it streams to that stream; without (on /submit) its Start
 * button submits the Go live form `formId`, which creates the stream and then starts.
 */
export function BrowserStudio({ streamId, formId }: { streamId?: string; formId?: string }) {
  const state = useSyncExternalStore(broadcaster.subscribe, broadcaster.getState);
  const id = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [unsupported] = useState(unsupportedReason);
  const [source, setSource] = useState<BroadcastSource>('camera');
  const [cameraId, setCameraId] = useState('');
  const [micId, setMicId] = useState('');
  const [devices, setDevices] = useState<DeviceLists>({ cameras: [], mics: [] });
  const now = useNow(1000);
  const streaming = isStreaming(state);
  const elsewhere = streaming && streamId !== undefined && state.streamId !== streamId;
  const hasMedia = state.status === 'preview' || streaming;

  // Leaving the stream's page for another in the app while streaming from it asks first, and
  // stops the stream (closing the tab asks too: the broadcaster's beforeunload).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      streamId !== undefined && isStreaming(state) && state.streamId === streamId && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm('Leaving this page stops your stream. Leave anyway?')) {
      broadcaster.stop();
      blocker.proceed();
    } else blocker.reset();
  }, [blocker]);

  // The preview shows whatever the broadcaster holds, here or after moving to another page.
  useEffect(() => {
    const video = videoRef.current;
    if (video && video.srcObject !== broadcaster.stream) video.srcObject = broadcaster.stream;
  });

  // Device names are known once the browser has been allowed to use them; plugging one in updates the list.
  useEffect(() => {
    if (unsupported) return;
    const refresh = () => void broadcaster.devices().then(setDevices);
    refresh();
    navigator.mediaDevices.addEventListener('devicechange', refresh);
    return () => navigator.mediaDevices.removeEventListener('devicechange', refresh);
  }, [unsupported, state.status]);

  if (unsupported) {
    return (
      <Panel>
        <p className="text-sm text-muted-foreground" role="alert">
          {unsupported}
        </p>
      </Panel>
    );
  }

  const turnOn = (next: Partial<{ source: BroadcastSource; cameraId: string; micId: string }> = {}) =>
    void broadcaster.preview({ source, cameraId, micId, ...next });
  const change = (next: Partial<{ source: BroadcastSource; cameraId: string; micId: string }>) => {
    if (next.source) setSource(next.source);
    if (next.cameraId !== undefined) setCameraId(next.cameraId);
    if (next.micId !== undefined) setMicId(next.micId);
    // A new choice takes effect at once when the preview is on.
    if (state.status === 'preview') turnOn(next);
  };

  const error = state.status === 'off' || state.status === 'ended' ? state.error : null;
  const elapsed = streaming && state.since ? formatElapsed(now - state.since) : null;
  return (
    <Panel>
      <div className="relative overflow-hidden rounded-lg bg-black">
        <video
          ref={videoRef}
          className="aspect-video w-full object-contain"
          autoPlay
          muted
          playsInline
          aria-label="Your preview"
          data-testid="studio-preview"
          hidden={!hasMedia}
        />
        {!hasMedia ? (
          <div className="flex aspect-video w-full items-center justify-center text-white/70">
            <Video aria-hidden className="size-10" />
          </div>
        ) : null}
        <div className="pointer-events-none absolute top-2 left-2 flex items-center gap-2">
          {state.status === 'live' ? (
            <Badge variant="live">
              <span className="size-1.5 animate-pulse rounded-full bg-white" /> Live
            </Badge>
          ) : null}
          {elapsed ? <Badge variant="muted">{elapsed}</Badge> : null}
        </div>
      </div>

      <p role="status" aria-live="polite" className="text-sm font-medium" data-testid="studio-status">
        {elsewhere ? 'You are live on another stream' : statusText(state)}
        {elapsed ? <span className="sr-only">, {elapsed}</span> : null}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}

      <fieldset className="flex flex-wrap gap-2" disabled={streaming}>
        <legend className="sr-only">Source</legend>
        <Button
          type="button"
          size="sm"
          variant={source === 'camera' ? 'secondary' : 'outline'}
          aria-pressed={source === 'camera'}
          onClick={() => change({ source: 'camera' })}
        >
          <Camera aria-hidden /> Camera
        </Button>
        <Button
          type="button"
          size="sm"
          variant={source === 'screen' ? 'secondary' : 'outline'}
          aria-pressed={source === 'screen'}
          onClick={() => change({ source: 'screen' })}
        >
          <MonitorUp aria-hidden /> Screen
        </Button>
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-2">
        {source === 'camera' ? (
          <DeviceSelect
            id={`${id}-camera`}
            label="Camera"
            devices={devices.cameras}
            value={cameraId}
            disabled={streaming}
            onChange={(cameraId) => change({ cameraId })}
          />
        ) : null}
        <DeviceSelect id={`${id}-mic`} label="Microphone" devices={devices.mics} value={micId} disabled={streaming} onChange={(micId) => change({ micId })}>
          <option value={NO_MIC}>No microphone</option>
        </DeviceSelect>
      </div>

      <div className="flex flex-wrap gap-2">
        {!hasMedia ? (
          <Button type="button" variant="outline" onClick={() => turnOn()} disabled={state.status === 'requesting'}>
            {source === 'camera' ? <Camera aria-hidden /> : <MonitorUp aria-hidden />} {source === 'camera' ? 'Turn on camera' : 'Share screen'}
          </Button>
        ) : (
          <>
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label={broadcaster.micMuted ? 'Unmute microphone' : 'Mute microphone'}
              aria-pressed={broadcaster.micMuted}
              disabled={!broadcaster.hasMic()}
              onClick={() => broadcaster.setMicMuted(!broadcaster.micMuted)}
            >
              {broadcaster.micMuted ? <MicOff aria-hidden /> : <Mic aria-hidden />}
            </Button>
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label={broadcaster.cameraOff ? 'Turn video back on' : 'Turn video off'}
              aria-pressed={broadcaster.cameraOff}
              onClick={() => broadcaster.setCameraOff(!broadcaster.cameraOff)}
            >
              {broadcaster.cameraOff ? <CameraOff aria-hidden /> : <Camera aria-hidden />}
            </Button>
            {!streaming ? (
              <Button type="button" variant="ghost" onClick={() => broadcaster.release()}>
                Turn off
              </Button>
            ) : null}
          </>
        )}
        {streaming ? (
          <Button type="button" variant="destructive" className="ml-auto" onClick={() => broadcaster.stop()}>
            <Square aria-hidden /> Stop streaming
          </Button>
        ) : streamId ? (
          <Button type="button" variant="brand" className="ml-auto" disabled={state.status !== 'preview'} onClick={() => broadcaster.start(streamId)}>
            <Radio aria-hidden /> Start streaming
          </Button>
        ) : (
          <Button type="submit" form={formId} name={STUDIO_SUBMITTER} variant="brand" className="ml-auto" disabled={state.status !== 'preview'}>
            <Radio aria-hidden /> Start streaming
          </Button>
        )}
      </div>
      {!streamId && !streaming ? (
        <p className="text-xs text-muted-foreground">Start streaming creates the stream described in the form and takes you to its page.</p>
      ) : null}
    </Panel>
  );
}

function Panel({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="studio-heading" className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4" data-testid="browser-studio">
      <h2 id="studio-heading" className="flex items-center gap-2 font-semibold">
        <Video aria-hidden className="size-4 text-primary" /> Go live from the browser
      </h2>
      {children}
    </section>
  );
}

/** A camera or microphone to choose: the default one, each the browser names (or numbers), then `children`. */
function DeviceSelect({
  id,
  label,
  devices,
  value,
  disabled,
  onChange,
  children,
}: {
  id: string;
  label: 'Camera' | 'Microphone';
  devices: MediaDeviceInfo[];
  value: string;
  disabled: boolean;
  onChange: (deviceId: string) => void;
  children?: ReactNode;
}) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-medium" htmlFor={id}>
      {label}
      <select
        id={id}
        className="h-9 w-full rounded-md border border-input bg-transparent px-2 text-sm"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Default {label.toLowerCase()}</option>
        {devices
          .filter((d) => d.deviceId)
          .map((d, i) => (
            <option key={d.deviceId} value={d.deviceId}>
              {d.label || `${label} ${i + 1}`}
            </option>
          ))}
        {children}
      </select>
    </label>
  );
}
