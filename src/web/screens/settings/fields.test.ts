import { describe, expect, it } from 'vitest';
import { API_KEY_FIELDS, SECRET_MASK } from '../../../contract/settings';
import { editMasked, isSecret, SETTINGS_CARDS } from './fields';

describe('settings inputs', () => {
  it('replace a stored mask as a whole when edited', () => {
    const mask = `${SECRET_MASK}abcd`;
    expect(editMasked(mask, `${mask}x`)).toBe('x');
    expect(editMasked(mask, `new${mask}`)).toBe('new');
    expect(editMasked(mask, mask.slice(0, -1))).toBe('');
    expect(editMasked(mask, 'pasted-secret-value')).toBe('pasted-secret-value');
  });

  it('mask exactly the secret fields, and have no inputs for the rest of the key fields', () => {
    const inputs = SETTINGS_CARDS.flatMap((c) => [...c.inputs]);
    expect(inputs.filter(isSecret).map((i) => i.name)).toEqual([
      'firebaseServerKey',
      'oneSignalApiKey',
      'doSpacesAccessKey',
      'doSpacesSecretKey',
      'twitterApiKey',
      'twitterApiSecret',
      'facebookAppSecret',
    ]);
    const withInputs = new Set(inputs.map((i) => i.name));
    expect(API_KEY_FIELDS.filter((f) => !withInputs.has(f))).toContain('stripeSecretKey');
    expect(inputs.filter((i) => i.section === 'admob')).toHaveLength(10);
  });
});
