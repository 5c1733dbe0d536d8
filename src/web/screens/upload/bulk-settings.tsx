import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { LanguageSelect } from './language-select';
import { AlbumPicker, GenrePicker } from './pickers';
import type { BulkSettings as Bulk } from './queue';

/** Defaults for every queued song; "Apply to All" overwrites only the fields given a value here. */
export function BulkSettings({ onApply, disabled }: { onApply: (bulk: Bulk) => void; disabled: boolean }) {
  const [bulk, setBulk] = useState<Bulk>({ album: null, genre: null, language: null });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Bulk Settings</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-[1fr_1fr_12rem_auto] md:items-end">
        <div className="flex flex-col gap-2">
          <Label htmlFor="bulk-album">Default Album</Label>
          <AlbumPicker
            id="bulk-album"
            label="Default Album"
            selected={bulk.album}
            onChange={(album) => setBulk({ ...bulk, album })}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="bulk-genre">Default Genre</Label>
          <GenrePicker
            id="bulk-genre"
            label="Default Genre"
            selected={bulk.genre}
            onChange={(genre) => setBulk({ ...bulk, genre })}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="bulk-language">Default Language</Label>
          <LanguageSelect
            id="bulk-language"
            label="Default Language"
            value={bulk.language}
            allowNone
            onChange={(language) => setBulk({ ...bulk, language })}
          />
        </div>
        <Button onClick={() => onApply(bulk)} disabled={disabled}>
          Apply to All
        </Button>
      </CardContent>
    </Card>
  );
}
