import { describe, expect, it } from 'vitest';
import { newNote } from '../src/note.js';
import { NoteRepository } from '../src/repository.js';

const now = new Date('2024-03-01T12:00:00Z');

describe('NoteRepository', () => {
  it('finds notes by title or body, ignoring case', () => {
    const repo = new NoteRepository();
    repo.add(newNote('1', 'Groceries', 'milk, eggs', now));
    repo.add(newNote('2', 'Ideas', 'buy MILK frother', now));
    repo.add(newNote('3', 'Books', 'Dune', now));
    expect(repo.search('milk').map((note) => note.id)).toEqual(['1', '2']);
  });

  it('refuses duplicate ids', () => {
    const repo = new NoteRepository();
    repo.add(newNote('1', 'A', '', now));
    expect(() => repo.add(newNote('1', 'B', '', now))).toThrow(/exists/);
  });
});
