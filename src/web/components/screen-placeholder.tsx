/** A screen that so far shows only its title; the real screens replace it. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <section className="flex flex-col gap-2">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
    </section>
  );
}
