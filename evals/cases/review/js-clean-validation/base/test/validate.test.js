import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateEmail, validateForm } from '../src/validate.js';

test('accepts a plain address', () => {
  assert.equal(validateEmail('ana@example.com'), null);
});

test('rejects an address without a domain', () => {
  assert.equal(validateEmail('ana@'), 'This does not look like an e-mail address.');
});

test('collects errors per field', () => {
  assert.deepEqual(validateForm({ email: '', name: 'x'.repeat(81) }), {
    email: 'Please enter your e-mail address.',
    name: 'Please use at most 80 characters.',
  });
});
