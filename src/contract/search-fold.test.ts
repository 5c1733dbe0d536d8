import { describe, expect, it } from 'vitest';
import { foldForSearch, searchDocument } from './search-fold';

describe('search folding', () => {
  it.each([
    ['كريم', 'کریم'],
    ['كَرِيم', 'کریم'],
    ['کریم', 'کریم'],
    ['أحمد', 'احمد'],
    ['إبراهيم', 'ابراهیم'],
    ['آواز', 'اواز'],
    ['ٱلله', 'الله'],
    ['مصطفى', 'مصطفی'],
    ['فاطمة', 'فاطمه'],
    ['بلـــوچی', 'بلوچی'],
    ['سال ١٣٩٩', 'سال 1399'],
    ['سال ۱۴۰۲', 'سال 1402'],
    ['Café  BALOCHI', 'cafe balochi'],
    ['Zahirok', 'zahirok'],
    ['نغمہ', 'نغمه'],
    ['بھیرویں', 'بهیرویں'],
    ['نغمۂ دل', 'نغمه دل'],
  ])('folds %s to %s', (input, folded) => {
    expect(foldForSearch(input)).toBe(folded);
  });

  it('makes the three spellings of Karim meet', () => {
    const forms = ['كريم', 'کریم', 'كَرِيم'].map(foldForSearch);
    expect(new Set(forms).size).toBe(1);
  });

  it('makes the Arabic, Urdu and Persian spellings of heh meet', () => {
    // نغمه (Arabic heh), نغمہ (Urdu heh goal), نغمۂ (heh goal with hamza), نغمة (teh marbuta), نغمھ
    const forms = ['نغمه', 'نغمہ', 'نغمۂ', 'نغمة', 'نغمھ'].map(foldForSearch);
    expect(new Set(forms)).toEqual(new Set(['نغمه']));
  });

  it('joins the present fields of a document', () => {
    expect(searchDocument('Sepad', null, undefined, 'كريم')).toBe('sepad کریم');
  });
});
