import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toCelsius, toFahrenheit } from '../src/convert.js';

test('water boils at 100 °C, which is 212 °F', () => {
  assert.equal(toFahrenheit(100), 212);
  assert.equal(toCelsius(212), 100);
});

test('water freezes at 0 °C, which is 32 °F', () => {
  assert.equal(toFahrenheit(0), 32);
  assert.equal(toCelsius(32), 0);
});
