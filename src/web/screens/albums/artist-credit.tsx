import { Fragment, type HTMLAttributes } from 'react';

const OTHERS = /^(.+) \+ (\d+) others$/s;

/**
 * The artist names of a credit line (spec section 9: "A", "A & B", "A + N others") and the English
 * text around them.
 */
export function creditParts(label: string): { names: string[]; suffix: string | null } {
  const others = OTHERS.exec(label);
  if (others?.[1] && others[2]) return { names: [others[1]], suffix: ` + ${others[2]} others` };
  return { names: label.split(' & '), suffix: null };
}

type ArtistCreditProps = Omit<HTMLAttributes<HTMLElement>, 'children' | 'dir'> & {
  'data-testid'?: string;
  label: string;
  /** Render a paragraph instead of a span. */
  block?: boolean;
};

/**
 * A credit line that reads right in both scripts: one name takes its own direction (dir="auto");
 * several names are each isolated (<bdi>) inside the left-to-right "&" / "+ N others" text, so
 * "صادق ساسولی + 2 others" is not turned around into "others 2 + صادق ساسولی".
 */
export function ArtistCredit({ label, block = false, ...props }: ArtistCreditProps) {
  const Element = block ? 'p' : 'span';
  const { names, suffix } = creditParts(label);
  if (names.length === 1 && suffix === null) {
    return (
      <Element dir="auto" {...props}>
        {label}
      </Element>
    );
  }
  return (
    <Element dir="ltr" {...props}>
      {names.map((name, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: names may repeat; their order is fixed
        <Fragment key={i}>
          {i > 0 ? ' & ' : null}
          <bdi>{name}</bdi>
        </Fragment>
      ))}
      {suffix}
    </Element>
  );
}
