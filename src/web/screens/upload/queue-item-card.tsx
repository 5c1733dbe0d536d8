import { MusicIcon, RotateCcwIcon, TriangleAlertIcon, XIcon } from 'lucide-react';
import { memo } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { LanguageSelect } from './language-select';
import { AlbumPicker, GenrePicker } from './pickers';
import { useSongTitle } from './queries';
import { badgeColour, type EditableField, type QueueItem } from './queue';

export interface QueueItemActions {
  edit: (id: string, patch: Partial<Pick<QueueItem, EditableField>>) => void;
  remove: (id: string) => void;
  cancel: (id: string) => void;
  retry: (id: string) => void;
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;

function Duplicate({ songId }: { songId: number }) {
  const title = useSongTitle(songId);
  return (
    <p role="status" className="flex items-center gap-1 text-sm text-amber-700">
      <TriangleAlertIcon aria-hidden="true" className="size-4 shrink-0" />
      <span>
        Possible duplicate: the catalogue already has this audio as{' '}
        <span dir="auto" className="font-medium">
          "{title ?? `song #${songId}`}"
        </span>
        . You can still keep it.
      </span>
    </p>
  );
}

/** One queued song: file, status, progress, errors and its editable fields. Re-renders only when it changes. */
export const QueueItemCard = memo(function QueueItemCard({
  item,
  actions,
}: {
  item: QueueItem;
  actions: QueueItemActions;
}) {
  const id = (field: string) => `item-${item.id}-${field}`;
  const locked = item.status === 'completed' || (item.status === 'processing' && item.audioUrl !== null);
  const cover = item.album?.coverArt ?? item.embeddedCover;
  const showProgress = item.status === 'uploading' || item.status === 'processing';
  const set = (patch: Partial<Pick<QueueItem, EditableField>>) => actions.edit(item.id, patch);

  return (
    <article
      aria-label={item.file.name}
      className="flex flex-col gap-4 rounded-lg border p-4"
      data-status={item.status}
    >
      <div className="flex items-start gap-3">
        {cover ? (
          <img src={cover} alt="" className="size-12 shrink-0 rounded-md object-cover" />
        ) : (
          <div
            className="flex size-12 shrink-0 items-center justify-center rounded-md bg-muted"
            aria-hidden="true"
          >
            <MusicIcon className="size-5 text-muted-foreground" />
          </div>
        )}
        <div className="min-w-0 flex-1">
          <p dir="auto" className="truncate font-medium" title={item.file.name}>
            {item.file.name}
          </p>
          <p className="text-sm text-muted-foreground">{megabytes(item.fileSize)}</p>
        </div>
        <Badge variant={badgeColour(item.status)} data-testid="item-status">
          {item.status}
        </Badge>
        {item.status === 'uploading' ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Cancel upload of ${item.file.name}`}
            onClick={() => actions.cancel(item.id)}
          >
            <XIcon aria-hidden="true" />
          </Button>
        ) : null}
        {item.status === 'failed' ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Retry ${item.file.name}`}
            onClick={() => actions.retry(item.id)}
          >
            <RotateCcwIcon aria-hidden="true" />
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove ${item.file.name}`}
          onClick={() => actions.remove(item.id)}
        >
          <XIcon aria-hidden="true" className="text-destructive" />
        </Button>
      </div>

      {showProgress ? (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={`Upload of ${item.file.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.uploadProgress}
            className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-blue-600 transition-[width]"
              style={{ width: `${item.uploadProgress}%` }}
            />
          </div>
          <span
            className="w-28 text-right text-sm tabular-nums text-muted-foreground"
            data-testid="item-progress"
          >
            {item.status === 'processing' && item.uploadProgress === 100
              ? 'Processing...'
              : `${item.uploadProgress}%`}
          </span>
        </div>
      ) : null}
      {item.error ? (
        <p role="alert" dir="auto" className="text-sm text-red-600">
          {item.error}
        </p>
      ) : null}
      {item.warning && !item.error ? <p className="text-sm text-amber-700">{item.warning}</p> : null}
      {item.duplicateOfSongId !== null ? <Duplicate songId={item.duplicateOfSongId} /> : null}

      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={id('title')}>
            Title <span className="text-destructive">*</span>
          </Label>
          <Input
            id={id('title')}
            dir="auto"
            value={item.title}
            disabled={locked}
            aria-required
            onChange={(e) => set({ title: e.target.value })}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={id('lyricist')}>Lyricist</Label>
          <Input
            id={id('lyricist')}
            dir="auto"
            value={item.lyricist}
            disabled={locked}
            onChange={(e) => set({ lyricist: e.target.value })}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={id('album')}>
            Album <span className="text-destructive">*</span>
          </Label>
          <AlbumPicker
            id={id('album')}
            label="Album"
            required
            disabled={locked}
            selected={item.album}
            onChange={(album) => set({ album })}
          />
          {item.album ? (
            <p className="text-xs text-muted-foreground">
              Artist: <span dir="auto">{item.album.artistName || 'Unknown Artist'}</span>
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={id('genre')}>
            Genre <span className="text-destructive">*</span>
          </Label>
          <GenrePicker
            id={id('genre')}
            label="Genre"
            required
            disabled={locked}
            selected={item.genre}
            onChange={(genre) => set({ genre })}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={id('language')}>Language</Label>
          <LanguageSelect
            id={id('language')}
            label="Language"
            disabled={locked}
            value={item.language}
            onChange={(language) => language && set({ language })}
          />
        </div>
        <div className="flex flex-col gap-2 md:col-span-2">
          <Label htmlFor={id('lyrics')}>Lyrics</Label>
          <Textarea
            id={id('lyrics')}
            dir="auto"
            rows={3}
            value={item.lyrics}
            disabled={locked}
            placeholder="Optional"
            onChange={(e) => set({ lyrics: e.target.value })}
          />
        </div>
      </div>
    </article>
  );
});
