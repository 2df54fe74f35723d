import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../util/csv';
import { leaderboardThresholds, medalPositions, placeScore, readLeaderboard } from './leaderboard';

const fixture = (name: string) => {
  const file = new URL(`../../fixtures/real/mle-bench-leaderboards/${name}.csv`, import.meta.url);
  return leaderboardThresholds(readLeaderboard(readFileSync(file, 'utf8'), `${name}.csv`));
};

describe('MLE-bench medal rule', () => {
  it('matches the known answer for random-acts-of-pizza (462 teams, higher is better)', () => {
    expect(fixture('random-acts-of-pizza')).toEqual({ teams: 462, lowerIsBetter: false, gold: 0.97908, silver: 0.76482, bronze: 0.6921, median: 0.599595 });
  });

  it('uses each team-count tier', () => {
    expect(medalPositions(81)).toEqual({ gold: 8, silver: 16, bronze: 32 });
    expect(medalPositions(5)).toEqual({ gold: 1, silver: 1, bronze: 2 });
    expect(medalPositions(150)).toEqual({ gold: 10, silver: 30, bronze: 60 });
    expect(medalPositions(462)).toEqual({ gold: 10, silver: 50, bronze: 100 });
    expect(medalPositions(2288)).toEqual({ gold: 14, silver: 114, bronze: 228 });
    const birds = fixture('mlsp-2013-birds');
    const titanic = fixture('spaceship-titanic');
    expect([birds.teams, titanic.teams]).toEqual([81, 2288]);
    expect(birds.gold).toBeGreaterThanOrEqual(birds.silver);
    expect(titanic.silver).toBeGreaterThanOrEqual(titanic.bronze);
  });

  it('places a score inclusively for medals and strictly for the median', () => {
    const t = fixture('random-acts-of-pizza');
    expect(placeScore(0.97908, t)).toEqual({ medal: 'gold', aboveMedian: true });
    expect(placeScore(0.7, t)).toEqual({ medal: 'bronze', aboveMedian: true });
    expect(placeScore(0.599595, t)).toEqual({ medal: 'none', aboveMedian: false });
    expect(placeScore(null, t)).toEqual({ medal: 'none', aboveMedian: false });
  });

  it('detects lower-is-better leaderboards', () => {
    const t = leaderboardThresholds([0.1, 0.2, 0.3, 0.4, 0.5]);
    expect(t).toMatchObject({ lowerIsBetter: true, gold: 0.1, bronze: 0.2, median: 0.3 });
    expect(placeScore(0.15, t)).toEqual({ medal: 'bronze', aboveMedian: true });
  });

  it('names the line of a bad score', () => {
    expect(() => readLeaderboard('teamId,score\n1,0.5\n2,\n', 'lb.csv')).toThrow('lb.csv:3 field "score": "" is not a number');
    expect(() => readLeaderboard('teamId,points\n1,0.5\n', 'lb.csv')).toThrow('lb.csv:1: no "score" column');
  });
});

describe('parseCsv', () => {
  it('handles quotes, doubled quotes, commas in quotes and CRLF', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n1,2,3\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '2', '3'],
    ]);
  });
});
