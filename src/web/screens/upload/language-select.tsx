import { SONG_LANGUAGES } from '../../../contract/songs';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import type { SongLanguage } from './queue';

const NONE = 'none';

/** Balochi or Brahui; with `allowNone` (bulk settings) also "no default". */
export function LanguageSelect({
  id,
  label,
  value,
  onChange,
  allowNone,
  disabled,
}: {
  id: string;
  label: string;
  value: SongLanguage | null;
  onChange: (value: SongLanguage | null) => void;
  allowNone?: boolean;
  disabled?: boolean;
}) {
  return (
    <Select
      value={value ?? NONE}
      onValueChange={(next) => onChange(next === NONE ? null : (next as SongLanguage))}
      disabled={disabled}
    >
      <SelectTrigger id={id} aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {allowNone ? <SelectItem value={NONE}>No default</SelectItem> : null}
        {SONG_LANGUAGES.map((language) => (
          <SelectItem key={language} value={language}>
            {language}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
