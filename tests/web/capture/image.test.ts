import { describe, expect, test } from 'vitest';
import { fitWithin, maxPhotoSide } from '../../../src/capture/image';
import { tokenFromPath } from '../../../src/capture/format';

describe('fitWithin (photo downscale size)', () => {
  test('1280 px on the long side at most, aspect ratio kept', () => {
    expect(maxPhotoSide).toBe(1280);
    expect(fitWithin(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 960, height: 1280 });
    expect(fitWithin(4032, 3024)).toEqual({ width: 1280, height: 960 });
  });
  test('never scales up; exact fit untouched', () => {
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(1280, 720)).toEqual({ width: 1280, height: 720 });
  });
  test('another limit, rounding, tiny and empty sizes', () => {
    expect(fitWithin(1280, 720, 800)).toEqual({ width: 800, height: 450 });
    expect(fitWithin(1281, 1, 1280)).toEqual({ width: 1280, height: 1 });
    expect(fitWithin(0, 720)).toEqual({ width: 0, height: 0 });
  });
});

test('tokenFromPath', () => {
  expect(tokenFromPath('/automatic-address-verification/abc_DEF-1')).toBe('abc_DEF-1');
  expect(tokenFromPath('/automatic-address-verification/abc/')).toBe('abc');
  expect(tokenFromPath('/automatic-address-verification/')).toBeNull();
  expect(tokenFromPath('/company/jobs')).toBeNull();
});
