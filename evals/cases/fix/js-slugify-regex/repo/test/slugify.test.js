import assert from 'node:assert/strict';
import { test } from 'node:test';
import { slugify } from '../src/slugify.js';
import { uniqueSlug } from '../src/unique.js';

test('one word', () => {
  assert.equal(slugify('Release'), 'release');
});

test('joins every word with a hyphen', () => {
  assert.equal(slugify('How we cut our build time in half'), 'how-we-cut-our-build-time-in-half');
});

test('drops accents and punctuation', () => {
  assert.equal(slugify('Crème brûlée, 3 ways!'), 'creme-brulee-3-ways');
});

test('collapses runs of spaces and hyphens', () => {
  assert.equal(slugify('  Node  --  the good parts '), 'node-the-good-parts');
});

test('appends a number to a taken slug', () => {
  assert.equal(uniqueSlug('Release', new Set(['release', 'release-2'])), 'release-3');
});
