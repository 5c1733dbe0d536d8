import type { Kysely } from 'kysely';
import type { AuditChange } from '../../../contract/audit';
import {
  ADMOB_FIELDS,
  API_KEY_FIELDS,
  SECRET_API_KEY_FIELDS,
  SECRET_MASK,
  SETTINGS_DEFAULTS,
  type Settings,
} from '../../../contract/settings';
import { recordEntry } from '../../audit/record';
import { nowIso } from '../../clock';
import type { DB } from '../../db/schema';
import { SecretBoxError, secretBox } from '../../security/secret-box';

type Section = keyof Settings;
interface Field {
  section: Section;
  name: string;
  /** The row key in the settings table, e.g. `apiKeys.stripeSecretKey`. */
  key: string;
  secret: boolean;
}

const SECRETS: ReadonlySet<string> = new Set(SECRET_API_KEY_FIELDS);
const DEFAULTS: Readonly<Record<string, string>> = SETTINGS_DEFAULTS;

const FIELDS: readonly Field[] = [
  ...ADMOB_FIELDS.map((name) => ({ section: 'admob' as const, name, key: `admob.${name}`, secret: false })),
  ...API_KEY_FIELDS.map((name) => ({
    section: 'apiKeys' as const,
    name,
    key: `apiKeys.${name}`,
    secret: SECRETS.has(name),
  })),
];

/** Secrets shorter than this are answered as the bare mask: their last 4 characters would give too much away. */
const MIN_LENGTH_TO_SHOW_TAIL = 12;

/** How GET shows a secret: the mask plus its last 4 characters, or '' when unset. */
export function maskSecret(value: string): string {
  if (value === '') return '';
  return value.length >= MIN_LENGTH_TO_SHOW_TAIL ? `${SECRET_MASK}${value.slice(-4)}` : SECRET_MASK;
}

const fieldValue = (settings: Settings, field: Field): string =>
  (settings[field.section] as Readonly<Record<string, string>>)[field.name] ?? '';

function build(value: (field: Field) => string): Settings {
  const settings = { admob: {}, apiKeys: {} } as Record<Section, Record<string, string>>;
  for (const field of FIELDS) settings[field.section][field.name] = value(field);
  return settings as Settings;
}

async function storedRows(db: Kysely<DB>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

/**
 * The settings with secrets decrypted, for server-side use only (storage driver, mobile config).
 * Never send this object to a client or a log. A secret sealed under another SECRET_KEY reads as ''.
 */
export async function readSettings(db: Kysely<DB>, secretKey: string): Promise<Settings> {
  const box = secretBox(secretKey);
  const rows = await storedRows(db);
  return build((field) => {
    const stored = rows.get(field.key);
    if (stored === undefined || stored === '') return DEFAULTS[field.name] ?? '';
    if (!field.secret) return stored;
    try {
      return box.open(stored, field.key);
    } catch (err) {
      if (err instanceof SecretBoxError) return '';
      throw err;
    }
  });
}

/** The fields that differ, by row key; a secret only says that it changed. */
function settingsChanges(before: Settings, after: Settings): AuditChange[] {
  return FIELDS.flatMap((field): AuditChange[] => {
    const was = fieldValue(before, field);
    const is = fieldValue(after, field);
    if (was === is) return [];
    return [field.secret ? { field: field.key, secret: true } : { field: field.key, before: was, after: is }];
  });
}

export function settingsRepo(db: Kysely<DB>, secretKey: string) {
  const box = secretBox(secretKey);

  /** The settings as the console sees them: every secret masked. */
  const masked = async (): Promise<Settings> => {
    const plain = await readSettings(db, secretKey);
    return build((field) => {
      const value = fieldValue(plain, field);
      return field.secret ? maskSecret(value) : value;
    });
  };

  return {
    masked,

    /**
     * Saves the full object in one transaction. A secret sent back as the mask it was shown keeps its
     * stored value; '' clears a field (it then reads as its default); any other value replaces it,
     * secrets sealed with AES-256-GCM.
     */
    async save(input: Settings): Promise<void> {
      const now = nowIso();
      const cleared: string[] = [];
      const written: Array<{ key: string; value: string; updatedAt: string }> = [];
      for (const field of FIELDS) {
        const value = fieldValue(input, field);
        if (field.secret && value.startsWith(SECRET_MASK)) continue;
        if (value === '') cleared.push(field.key);
        else
          written.push({
            key: field.key,
            value: field.secret ? box.seal(value, field.key) : value,
            updatedAt: now,
          });
      }
      await db.transaction().execute(async (trx) => {
        const before = await readSettings(trx, secretKey);
        if (cleared.length > 0) await trx.deleteFrom('settings').where('key', 'in', cleared).execute();
        if (written.length > 0) {
          await trx
            .insertInto('settings')
            .values(written)
            .onConflict((oc) =>
              oc.column('key').doUpdateSet((eb) => ({
                value: eb.ref('excluded.value'),
                updatedAt: eb.ref('excluded.updatedAt'),
              })),
            )
            .execute();
        }
        await recordEntry(trx, {
          resource: 'settings',
          recordId: null,
          recordLabel: null,
          action: 'update',
          changes: settingsChanges(before, await readSettings(trx, secretKey)),
        });
      });
    },
  };
}
