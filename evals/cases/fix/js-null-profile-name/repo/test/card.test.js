import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderCard } from '../src/card.js';
import { displayName, initials } from '../src/names.js';

const ada = {
  username: 'ada',
  joinedAt: '2019-03-01T10:00:00Z',
  profile: { firstName: 'Ada', lastName: 'Lovelace' },
};
const mobile = { username: 'grace_h', joinedAt: '2024-11-20T08:00:00Z', profile: null };

test('a member with a profile shows the full name', () => {
  assert.equal(displayName(ada), 'Ada Lovelace');
  assert.equal(initials(ada), 'AL');
});

test('a member without a profile shows the username', () => {
  assert.equal(displayName(mobile), 'grace_h');
  assert.equal(initials(mobile), 'G');
});

test('an empty profile falls back to the username', () => {
  assert.equal(displayName({ username: 'lin', profile: {} }), 'lin');
});

test('renders a card', () => {
  assert.equal(renderCard(ada), '[AL] Ada Lovelace, member since 2019');
  assert.equal(renderCard(mobile), '[G] grace_h, member since 2024');
});
