import { FALLBACK_GENRE_COLOR, type Genre } from '../../../contract/genres';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { formatNumber } from '../../lib/format';

interface CategoryCardProps {
  genre: Genre;
  onEdit: (genre: Genre) => void;
  onDelete: (genre: Genre) => void;
}

/** One genre: its colour, name, description, state, usage and edit/delete buttons. */
export function CategoryCard({ genre, onEdit, onDelete }: CategoryCardProps) {
  const color = genre.color ?? FALLBACK_GENRE_COLOR;
  return (
    <Card
      className="gap-4 overflow-hidden pt-0"
      data-testid="category-card"
      aria-label={genre.name}
      role="article"
    >
      <div className="h-2" style={{ backgroundColor: color }} data-color={color} />
      <CardContent className="flex flex-col gap-3">
        <div className="flex items-start justify-between gap-2">
          <div className="flex min-w-0 items-center gap-2">
            <span
              aria-hidden="true"
              className="size-4 shrink-0 rounded-full border"
              style={{ backgroundColor: color }}
            />
            <h2 dir="auto" className="truncate font-semibold">
              {genre.name}
            </h2>
          </div>
          <Badge variant={genre.isActive ? 'green' : 'grey'}>{genre.isActive ? 'Active' : 'Inactive'}</Badge>
        </div>
        <p dir="auto" className="line-clamp-2 min-h-10 text-sm text-muted-foreground">
          {genre.description || 'No description'}
        </p>
        <div className="flex items-center justify-between">
          <p className="text-xs text-muted-foreground">
            {formatNumber(genre.songCount)} songs · {formatNumber(genre.albumCount)} albums ·{' '}
            <span className="font-mono">{color}</span>
          </p>
          <EditDeleteButtons
            name={genre.name}
            onEdit={() => onEdit(genre)}
            onDelete={() => onDelete(genre)}
          />
        </div>
      </CardContent>
    </Card>
  );
}
