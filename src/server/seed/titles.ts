import type { Random } from './random';
import { PLACES, TITLE_WORDS, type Word } from './vocabulary';

type Template = (a: Word, b: Word, place: Word) => Word;

/** Title shapes in both scripts; Balochi writes the izafe "e" as ءِ. */
const TEMPLATES: readonly Template[] = [
  (a) => a,
  (a, b) => [`${a[0]} e ${b[0]}`, `${a[1]} ءِ ${b[1]}`],
  (a) => [`Mani ${a[0]}`, `منی ${a[1]}`],
  (a) => [`Tai ${a[0]}`, `تئی ${a[1]}`],
  (a, _b, place) => [`${place[0]} e ${a[0]}`, `${place[1]} ءِ ${a[1]}`],
  (a, b) => [`${a[0]} o ${b[0]}`, `${a[1]} و ${b[1]}`],
  (a, b) => [`${a[0]} ${b[0]}`, `${a[1]} ${b[1]}`],
];

/** A song or album title: in Latin letters, in Arabic script, or both ("Mani Watan (منی وطن)"). */
export function makeTitle(random: Random): string {
  const [latin, arabic] = random.pick(TEMPLATES)(
    random.pick(TITLE_WORDS),
    random.pick(TITLE_WORDS),
    random.pick(PLACES),
  );
  const script = random.weighted({ latin: 50, arabic: 35, both: 15 });
  if (script === 'latin') return latin;
  if (script === 'arabic') return arabic;
  return `${latin} (${arabic})`;
}

/** Two lines of lyrics in Arabic script. */
export function makeLyrics(random: Random): string {
  const line = () => Array.from({ length: random.int(3, 5) }, () => random.pick(TITLE_WORDS)[1]).join(' ');
  return `${line()}\n${line()}`;
}
