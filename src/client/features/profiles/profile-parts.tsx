import { Copy, Wallet } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ContentGridSkeleton } from '../../ui/content-grid';
import { formatCount, shortAddress } from '../../lib/format';
import { copyWithToast } from '../../lib/clipboard';
import { cn } from '../../lib/utils';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';
import { PROFILE_IMAGE_TYPES, profileImageProblem, useUploadProfileImage, type ProfileImageKind } from './queries';

/** /profile/{username}: anyone's public profile. */

// The profile page's smaller pieces: counts, links, the wallet address, image pickers, the skeleton.

/** "https://www.x.com/alpha/" -> "x.com/alpha". */
export function linkLabel(href: string): string {
  try {
    const u = new URL(href);
    return `${u.hostname.replace(/^www\./, '')}${u.pathname === '/' ? '' : u.pathname.replace(/\/$/, '')}`;
  } catch {
    return href;
  }
}

export function FollowCount({ n, noun, onClick }: { n: number; noun: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-sm text-muted-foreground outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="font-semibold text-foreground tabular-nums" data-testid={`${noun === 'following' ? 'following' : 'followers'}-count`}>
        {formatCount(n)}
      </span>{' '}
      {noun}
    </button>
  );
}

/** A new avatar or banner: shown at once from the file, uploaded, and put back if refused. */
export function useImageUpload(kind: ProfileImageKind) {
  const upload = useUploadProfileImage(kind);
  const [preview, setPreview] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const pick = (file: File) => {
    setError(undefined);
    const problem = profileImageProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => toast.success(kind === 'avatar' ? 'Avatar updated' : 'Banner updated'),
      onError: (e) => {
        setPreview(undefined);
        setError(e.message);
      },
    });
  };
  return { pick, preview, error, pending: upload.isPending };
}

export function ImagePicker({
  label,
  upload,
  round,
  className,
  children,
}: {
  label: string;
  upload: ReturnType<typeof useImageUpload>;
  round?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={PROFILE_IMAGE_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload.pick(file);
        }}
      />
      <Button
        variant="secondary"
        size={round ? 'icon-sm' : 'sm'}
        aria-label={label}
        disabled={upload.pending}
        onClick={() => input.current?.click()}
        className={cn('border bg-background/80 shadow-md backdrop-blur-sm', round && 'rounded-full', className)}
      >
        {upload.pending ? <Spinner label="Uploading" className="size-4" /> : children}
      </Button>
    </>
  );
}

export function Count({ n }: { n: number }) {
  return <span className="rounded-full bg-muted-foreground/15 px-1.5 text-xs tabular-nums">{n}</span>;
}

export function WalletAddress({ address }: { address: string }) {
  return (
    <button
      type="button"
      onClick={() => void copyWithToast(address, 'Wallet address')}
      title={address}
      aria-label={`Copy wallet address ${address}`}
      className="flex items-center gap-2 self-start rounded-full border bg-muted/50 px-3 py-1.5 font-mono text-xs transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring sm:self-end"
    >
      <Wallet aria-hidden className="size-3.5 text-primary" />
      {shortAddress(address, 6)}
      <Copy aria-hidden className="size-3.5 text-muted-foreground" />
    </button>
  );
}

export function ProfileSkeleton() {
  return (
    <div className="flex flex-col gap-6" role="status" aria-busy="true" aria-label="Loading profile">
      <div className="overflow-hidden rounded-2xl border">
        <Skeleton className="h-32 rounded-none sm:h-44" />
        <div className="flex items-end gap-5 px-6 pb-6">
          <Skeleton className="-mt-12 size-24 rounded-full border-4 border-card sm:size-28" />
          <div className="flex flex-1 flex-col gap-2 pb-1">
            <Skeleton className="h-7 w-48" />
            <Skeleton className="h-4 w-32" />
          </div>
        </div>
      </div>
      <Skeleton className="h-10 w-80" />
      <ContentGridSkeleton kind="wide" count={4} />
    </div>
  );
}
