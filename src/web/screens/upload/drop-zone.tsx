import { UploadIcon } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/** Every file of a dropped entry; folders are walked (readEntries answers in batches until empty). */
async function filesOf(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) {
    return new Promise((resolve) =>
      (entry as FileSystemFileEntry).file(
        (f) => resolve([f]),
        () => resolve([]),
      ),
    );
  }
  if (!entry.isDirectory) return [];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve) =>
      reader.readEntries(resolve, () => resolve([])),
    );
    if (batch.length === 0) break;
    children.push(...batch);
  }
  return (await Promise.all(children.map(filesOf))).flat();
}

async function droppedFiles(event: DragEvent<HTMLElement>): Promise<File[]> {
  const entries = [...event.dataTransfer.items]
    .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() : null))
    .filter((entry): entry is FileSystemEntry => Boolean(entry));
  if (entries.length === 0) return [...event.dataTransfer.files];
  return (await Promise.all(entries.map(filesOf))).flat();
}

/** The dashed area that takes many audio files (or folders of them) by drop or by the file picker. */
export function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  return (
    <section
      aria-label="Add audio files"
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-8 text-center transition-colors',
        over ? 'border-primary bg-primary/5' : 'border-muted-foreground/30',
      )}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        void droppedFiles(event).then(onFiles);
      }}
    >
      <UploadIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <div>
        <p className="font-medium">Drop audio files or folders here</p>
        <p className="text-sm text-muted-foreground">Supports MP3, WAV, FLAC, AAC (up to 50 MB each)</p>
      </div>
      <Button variant="outline" onClick={() => input.current?.click()}>
        Choose Files
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept="audio/*"
        className="hidden"
        data-testid="audio-file-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </section>
  );
}
