/**
 * What a client knows about its writes after a crash: an acknowledged write must be in the database; a
 * write whose answer never came (in flight at the kill) may or may not be.
 */
export type Table = 'artists' | 'genres';
/** A row's name, or null once deleted. */
type State = string | null;
const key = (table: Table, id: number) => `${table}:${id}`;

export class WriteLedger {
  acknowledged = 0;
  private readonly known = new Map<string, State>();
  /** States a row may also be in: writes sent to it that were never answered. */
  private readonly possible = new Map<string, Set<State>>();
  /** Names of creates never answered, per table. */
  private readonly unansweredCreates = new Map<Table, Set<string>>();

  created(table: Table, id: number, name: string) {
    this.acknowledged++;
    this.known.set(key(table, id), name);
  }

  changed(table: Table, id: number, state: State) {
    this.acknowledged++;
    this.known.set(key(table, id), state);
  }

  unansweredCreate(table: Table, name: string) {
    const names = this.unansweredCreates.get(table) ?? new Set();
    names.add(name);
    this.unansweredCreates.set(table, names);
  }

  unansweredChange(table: Table, id: number, state: State) {
    const states = this.possible.get(key(table, id)) ?? new Set();
    states.add(state);
    this.possible.set(key(table, id), states);
  }

  /**
   * Compares every row of a table with the ledger: `lost` are acknowledged writes the database does not
   * hold (a row missing, or in a state no write put it in); `phantom` are rows no write created.
   */
  reconcile(table: Table, rows: Array<{ id: number; name: string }>) {
    const stored = new Map(rows.map((r) => [r.id, r.name]));
    const lost: string[] = [];
    for (const [k, state] of this.known) {
      const [t, id] = k.split(':') as [Table, string];
      if (t !== table) continue;
      const actual = stored.get(Number(id)) ?? null;
      const allowed = new Set([state, ...(this.possible.get(k) ?? [])]);
      if (!allowed.has(actual))
        lost.push(`${k}: expected ${JSON.stringify(state)}, found ${JSON.stringify(actual)}`);
    }
    const unanswered = this.unansweredCreates.get(table) ?? new Set();
    const phantom = rows
      .filter((r) => !this.known.has(key(table, r.id)) && !unanswered.has(r.name))
      .map((r) => `${key(table, r.id)} ${r.name}`);
    return { lost, phantom };
  }

  /** Acknowledged live rows of a table, to sample searches from. */
  live(table: Table): Array<{ id: number; name: string }> {
    return [...this.known]
      .filter(([k, state]) => k.startsWith(`${table}:`) && state !== null && !this.possible.has(k))
      .map(([k, state]) => ({ id: Number(k.split(':')[1]), name: state as string }));
  }
}
