import { describe, expect, it } from 'vitest';
import {
  type Token,
  bestWindow,
  foldNumber,
  foldWord,
  readableWords,
  similarity,
  tokenize,
  wordScore,
} from '../../../server/services/checks/billText';

/**
 * The words of a bill's read text: OCR's slips folded, similarity, readable words; first as whole
 * bills need them, then each rule at its edges.
 */

describe('folding OCR confusions', () => {
  it('reads 0/O, 1/l/I, 5/S and rn/m alike in words', () => {
    expect(foldWord('OKONKW0')).toBe(foldWord('Okonkwo'));
    expect(foldWord('Ibrahirn')).toBe(foldWord('Ibrahim'));
    expect(foldWord('1feoma')).toBe(foldWord('Ifeoma'));
    expect(foldWord('5ule')).toBe(foldWord('Sule'));
    expect(foldWord('Adaeze')).not.toBe(foldWord('Adamu'));
  });

  it('reads the signs OCR puts for letters and digits as those', () => {
    expect(tokenize('Name: £. Balogun').map((t) => t.word)).toEqual(['name', 'f', 'balogun']);
    expect(foldWord('$ULE')).toBe(foldWord('Sule'));
    expect(foldWord('¢HIDI')).toBe(foldWord('Chidi'));
    expect(foldNumber('§9')).toBe('59');
    expect(foldNumber('$4')).toBe('54');
    expect(foldNumber('§9')).not.toBe(foldNumber('69'));
  });

  it('reads letters OCR puts for digits alike in house numbers', () => {
    expect(foldNumber('41B')).toBe(foldNumber('418'));
    expect(foldNumber('1O')).toBe('10');
    expect(foldNumber('l4')).toBe('14');
    expect(foldNumber('14')).not.toBe(foldNumber('15'));
  });

  it('measures similarity from 0 to 1', () => {
    expect(similarity('okonkwo', 'okonkwo')).toBe(1);
    expect(similarity('okonkwo', 'okonkwa')).toBeCloseTo(6 / 7);
    expect(similarity('abc', '')).toBe(0);
    expect(similarity('abc', 'xyz')).toBe(0);
  });

  it('keeps the character spans and lines of the words', () => {
    const t = tokenize('Name: Ada\nEze');
    expect(t.map((x) => [x.raw, x.start, x.end, x.line])).toEqual([
      ['Name', 0, 4, 0],
      ['Ada', 6, 9, 0],
      ['Eze', 10, 13, 1],
    ]);
  });
});

describe('folding', () => {
  it('folds accents, vv, ø, the l-likes, 5 and 8 in words, and drops the rest', () => {
    expect(foldWord('Adébáyọ̀')).toBe('adebayo');
    expect(foldWord('vvale')).toBe('wale');
    expect(foldWord('Øla')).toBe('ola');
    expect(foldWord('0la')).toBe('ola');
    expect(foldWord('a|b!c1d')).toBe('alblcld');
    expect(foldWord('Ibí')).toBe('lbl');
    expect(foldWord('5a8')).toBe('sab');
    expect(foldWord("O'Neil-Ade")).toBe('onellade');
    expect(foldWord('2024')).toBe('2o24');
  });

  it('folds the letters OCR puts for digits in numbers, each to its digit', () => {
    expect(foldNumber('oOlLiI|!')).toBe('00111111');
    expect(foldNumber('bBaAsSzZ')).toBe('88445522');
    expect(foldNumber('No.14/B')).toBe('n0148');
  });

  it('cuts text into words with | inside them, counting blank lines', () => {
    expect(tokenize('A|B x\n\nÉzé 12').map((t) => [t.raw, t.word, t.line])).toEqual([
      ['A|B', 'alb', 0],
      ['x', 'x', 0],
      ['Ézé', 'eze', 2],
      ['12', 'l2', 2],
    ]);
  });

  it('measures edits as Levenshtein does (a swap is two)', () => {
    expect(similarity('kitten', 'sitting')).toBeCloseTo(1 - 3 / 7, 10);
    expect(similarity('ab', 'abc')).toBeCloseTo(2 / 3, 10);
    expect(similarity('abc', 'ab')).toBeCloseTo(2 / 3, 10);
    expect(similarity('', 'a')).toBe(0);
    expect(similarity('abcd', 'abdc')).toBe(0.5);
  });

  it('counts no readable word in text with no word of three letters', () => {
    expect(readableWords('12 ab 3')).toBe(0);
  });

  it('counts as readable words of 3+ letters with a vowel (y too) and no letter thrice', () => {
    expect(readableWords('aaa bbb abc xyz yyy sky ab abcd Aaab cool')).toBe(6);
    expect(readableWords('AAA 12 a1b')).toBe(0);
  });
});

describe('the rest of the rule book', () => {
  it('calls two empty words alike', () => {
    expect(similarity('', '')).toBe(1);
  });
});

describe('the edges the first run of mutants found', () => {
  it('reads words of vowels only as words', () => {
    expect(readableWords('eau aia')).toBe(2);
  });
});

describe('the edges the full run of mutants found', () => {
  it('folds ¥ and € to the letters they stand for', () => {
    expect(foldWord('¥€s')).toBe('yes');
  });
});

describe('one claimed word against one read word', () => {
  it('wants claimed words of three letters and read words of two exact', () => {
    expect(wordScore('ojo', 'ojo')).toBe(1);
    expect(wordScore('ojo', 'oj0')).toBe(0);
    expect(wordScore('bode', 'bo')).toBe(0);
  });

  it('counts a word 60% alike or more by its similarity, and nothing less alike', () => {
    expect(wordScore('thomas', 'thomxs')).toBeCloseTo(5 / 6);
    expect(wordScore('abcde', 'abcxx')).toBeCloseTo(0.6);
    expect(wordScore('thomas', 'txxmxs')).toBe(0);
  });
});

describe('the window of lines a field is looked for in', () => {
  const twice = (w: Token[]) => ({ score: w.filter((t) => t.word === 'bb').length, marks: [] });

  it('keeps the first best run of consecutive lines, with its first line', () => {
    const tokens = tokenize('a\nbb\nc\n\nbb bb');
    expect(bestWindow(tokens, 2, twice)).toEqual({ score: 2, marks: [], line: 3 });
    expect(bestWindow(tokens, 1, twice)).toEqual({ score: 2, marks: [], line: 4 });
    expect(bestWindow(tokens, 5, twice)).toEqual({ score: 3, marks: [], line: 0 });
  });

  it('scores nothing on no text', () => {
    expect(bestWindow([], 2, twice)).toEqual({ score: 0, marks: [], line: -1 });
  });
});
