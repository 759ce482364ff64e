import { expect, it } from 'vitest';
import { luckMark, ratingOf, skillMark } from './marks.js';

it("marks errors and luck with gnubg's default thresholds", () => {
  expect([0.04, 0.041, 0.081, 0.161].map((e) => skillMark(e))).toEqual(['none', 'doubtful', 'bad', 'veryBad']);
  expect(skillMark(0.05, { doubtful: 0.06, bad: 0.1, veryBad: 0.2 })).toBe('none');
  expect([-0.7, -0.4, 0, 0.4, 0.7].map((l) => luckMark(l))).toEqual(['veryUnlucky', 'unlucky', 'none', 'lucky', 'veryLucky']);
});

it("rates play by gnubg's bands of mEMG per unforced decision", () => {
  expect([1.9, 2, 4.9, 7.9, 11.9, 17.9, 25.9, 34.9, 35].map(ratingOf)).toEqual([
    'Supernatural',
    'World class',
    'World class',
    'Expert',
    'Advanced',
    'Intermediate',
    'Casual player',
    'Beginner',
    'Awful!',
  ]);
  expect(ratingOf(null)).toBeNull();
});
