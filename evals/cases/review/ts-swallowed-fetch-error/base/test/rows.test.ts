import { describe, expect, it } from 'vitest';
import { toRows } from '../src/rows.js';

describe('toRows', () => {
  it('labels hours and flags rain', () => {
    const rows = toRows({
      station: 'ZRH',
      points: [
        { time: '2024-05-01T10:00:00Z', temperatureC: 14.6, precipitationMm: 0 },
        { time: '2024-05-01T11:00:00Z', temperatureC: 15.2, precipitationMm: 0.4 },
      ],
    });
    expect(rows).toEqual([
      { label: '10:00', temperature: '15°', rain: false },
      { label: '11:00', temperature: '15°', rain: true },
    ]);
  });
});
