import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { billSetDir, type BillCase } from '../../../scripts/makeBillSet';
import { maxPhotoBytes, maxPhotoSide } from '../../../src/capture/image';

const cases = JSON.parse(readFileSync(path.join(billSetDir, 'truth.json'), 'utf8')) as BillCase[];

describe('the bill evaluation set', () => {
  it('has at least 40 bills, each image listed once in its truth and each listed image there', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    const files = readdirSync(billSetDir).filter((f) => f.endsWith('.jpg'));
    expect(files.sort()).toEqual(cases.map((c) => c.file).sort());
    expect(new Set(cases.map((c) => c.file)).size).toBe(cases.length);
  });

  it('holds the negatives the issue asks for, split between tuning and held out', () => {
    const kinds = new Set(cases.map((c) => c.kind));
    for (const k of [
      'match',
      'other_name',
      'other_address',
      'other_number',
      'old',
      'blank',
      'wall',
    ])
      expect(kinds, k).toContain(k);
    for (const split of ['tune', 'held_out'])
      for (const code of ['bill_name_mismatch', 'bill_address_mismatch', 'bill_too_old'])
        expect(
          cases.some((c) => c.split === split && c.expected.includes(code as never)),
          `${split} ${code}`,
        ).toBe(true);
  });

  it('gives every bill its claim, capture time and printed text, and a warning to each negative', () => {
    for (const c of cases) {
      expect(c.claim.subjectName, c.file).toMatch(/\S+ \S+/);
      expect(Number.isNaN(Date.parse(c.capturedAt)), c.file).toBe(false);
      expect(c.bill === null, c.file).toBe(c.kind === 'blank' || c.kind === 'wall');
      expect(c.expected.length === 0, c.file).toBe(c.kind === 'match');
    }
  });

  it("decodes every image as a JPEG of the wizard's size and weight, as the truth says", async () => {
    for (const c of cases) {
      const data = readFileSync(path.join(billSetDir, c.file));
      const meta = await sharp(data).metadata();
      expect(meta.format, c.file).toBe('jpeg');
      expect([meta.width, meta.height], c.file).toEqual([c.width, c.height]);
      expect(Math.max(c.width, c.height), c.file).toBeLessThanOrEqual(maxPhotoSide);
      expect(data.length, c.file).toBe(c.bytes);
      expect(data.length, c.file).toBeLessThanOrEqual(maxPhotoBytes);
    }
  });
});
