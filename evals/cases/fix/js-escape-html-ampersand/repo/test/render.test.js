import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeHtml } from '../src/escape.js';
import { render } from '../src/render.js';

test('escapes markup', () => {
  assert.equal(escapeHtml('<b>hi</b>'), '&lt;b&gt;hi&lt;/b&gt;');
});

test('escapes quotes', () => {
  assert.equal(escapeHtml(`"it's"`), '&quot;it&#39;s&quot;');
});

test('escapes an ampersand once', () => {
  assert.equal(escapeHtml('Fish & Chips'), 'Fish &amp; Chips');
  assert.equal(escapeHtml('a < b'), 'a &lt; b');
});

test('fills in placeholders', () => {
  assert.equal(
    render('<p>Hello {{ name }}, your order {{id}} shipped.</p>', { name: 'Tom & Jerry', id: 7 }),
    '<p>Hello Tom &amp; Jerry, your order 7 shipped.</p>',
  );
});
