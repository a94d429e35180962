import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateEmail, validateForm, validateTopics } from '../src/validate.js';

test('accepts a plain address', () => {
  assert.equal(validateEmail('ana@example.com'), null);
});

test('rejects an address without a domain', () => {
  assert.equal(validateEmail('ana@'), 'This does not look like an e-mail address.');
});

test('collects errors per field', () => {
  assert.deepEqual(validateForm({ email: '', name: 'x'.repeat(81), topics: ['product'] }), {
    email: 'Please enter your e-mail address.',
    name: 'Please use at most 80 characters.',
  });
});

test('requires at least one topic', () => {
  assert.equal(validateTopics([]), 'Please choose at least one topic.');
  assert.equal(validateTopics(undefined), 'Please choose at least one topic.');
});

test('names unknown topics', () => {
  assert.equal(validateTopics(['events', 'crypto']), 'Unknown topic: crypto.');
  assert.equal(validateTopics(['events', 'research']), null);
});

test('a complete form is valid', () => {
  assert.deepEqual(validateForm({ email: 'ana@example.com', name: 'Ana', topics: ['events'] }), {});
});
