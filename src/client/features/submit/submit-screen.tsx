import { useQueryClient } from '@tanstack/react-query';
import { Radio, Upload } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/page-header';
import { BrowserStudio } from '../streams/browser-studio';
import { GoLiveForm } from '../streams/go-live-form';
import { StreamKeyPanel } from '../streams/stream-key-panel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { useRealtimeEvent } from '../realtime/realtime-provider';
import { invalidateVideoLists, videoKeys, type OwnUpload } from '../videos/queries';
import { uploads, type UploadRequest } from './upload-controller';
import { UploadForm } from './upload-form';
import { UploadStatus } from './upload-status';
import { YourUploads } from './your-uploads';

const GO_LIVE_FORM = 'go-live-form';

/** /submit: upload a video or a short, or create a stream and go live (verified login); follow your uploads. */
export default function SubmitScreen() {
  const state = useSyncExternalStore(uploads.subscribe, uploads.getState);
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  // The form again, filled with the last request ("Change file or details"), or empty.
  const [formSeed, setFormSeed] = useState<{ key: number; initial: UploadRequest | null }>({ key: 0, initial: null });

  // Every step of the upload changes what "Your uploads" and the lists show.
  const videoId = 'videoId' in state ? state.videoId : null;
  useEffect(() => {
    if (state.status === 'idle') return;
    invalidateVideoLists(qc);
  }, [qc, state.status, videoId]);

  // Progress and the ready state arrive over the socket as they happen, here and in "Your uploads".
  useRealtimeEvent('video.processing', (e) => {
    uploads.processingUpdate(e);
    qc.setQueryData<OwnUpload[]>(videoKeys.mine(), (list) =>
      list?.map((v) => (v.id === e.id ? { ...v, status: e.status, processingPercent: e.percent, failureReason: e.failureReason } : v)),
    );
    if (e.status !== 'processing') invalidateVideoLists(qc);
  });

  const mode = params.get('mode') === 'live' ? 'live' : 'upload';
  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={<Upload aria-hidden />} title="Create content" description="Upload a video or a short, or go live." />
      {/* `contents`: the tab list and the panel stay items of the page's column. */}
      <Tabs value={mode} onValueChange={(v) => setParams(v === 'live' ? { mode: 'live' } : {}, { replace: true })} className="contents">
        <TabsList aria-label="What to create">
          <TabsTrigger value="upload">
            <Upload aria-hidden /> Upload
          </TabsTrigger>
          <TabsTrigger value="live">
            <Radio aria-hidden /> Go live
          </TabsTrigger>
        </TabsList>
        <TabsContent value={mode}>
          {mode === 'live' ? (
            <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
              <GoLiveForm formId={GO_LIVE_FORM} />
              <div className="flex min-w-0 flex-col gap-6">
                <BrowserStudio formId={GO_LIVE_FORM} />
                <StreamKeyPanel />
              </div>
            </div>
          ) : (
            <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
              <div className="flex min-w-0 flex-col gap-6">
                {state.status === 'idle' ? (
                  <UploadForm
                    key={formSeed.key}
                    initial={formSeed.initial}
                    initialKind={params.get('kind') === 'short' ? 'short' : 'long'}
                    onStart={(req) => void uploads.start(req)}
                  />
                ) : (
                  <UploadStatus
                    state={state}
                    onCancel={() => void uploads.cancel()}
                    onRetry={
                      state.status === 'failed' && state.stage === 'upload' && uploads.lastRequest
                        ? () => {
                            const req = uploads.lastRequest!;
                            uploads.reset();
                            void uploads.start(req);
                          }
                        : null
                    }
                    onEdit={
                      state.status === 'failed' && uploads.lastRequest
                        ? () => {
                            setFormSeed((s) => ({ key: s.key + 1, initial: uploads.lastRequest }));
                            uploads.reset();
                          }
                        : null
                    }
                    onAnother={() => {
                      setFormSeed((s) => ({ key: s.key + 1, initial: null }));
                      uploads.reset();
                    }}
                  />
                )}
              </div>
              <YourUploads current={state} />
            </div>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
