import { describe, expect, it } from 'vitest';
import { newNote } from '../src/note.js';
import { NoteRepository } from '../src/repository.js';
import { extractTags, tagCounts } from '../src/tags.js';

describe('extractTags', () => {
  it('finds distinct tags, lowercased, in order', () => {
    expect(extractTags('#Work plan for #q3, see #work notes')).toEqual(['work', 'q3']);
  });

  it('ignores anchors inside words and URLs', () => {
    expect(extractTags('issue#12 and https://example.com/#top')).toEqual([]);
  });

  it('accepts non-ASCII letters', () => {
    expect(extractTags('#café #über-plan')).toEqual(['café', 'über-plan']);
  });
});

describe('tags in the repository', () => {
  it('lists notes by tag and counts tags', () => {
    const repo = new NoteRepository();
    repo.add(newNote('1', 'Plan', '#work #q3', new Date('2024-03-01T00:00:00Z')));
    repo.add(newNote('2', 'Trip', '#home', new Date('2024-03-02T00:00:00Z')));
    repo.add(newNote('3', 'Review', 'done #WORK', new Date('2024-03-03T00:00:00Z')));
    expect(repo.withTag('#work').map((note) => note.id)).toEqual(['3', '1']);
    expect(repo.tags()).toEqual([
      { tag: 'work', count: 2 },
      { tag: 'home', count: 1 },
      { tag: 'q3', count: 1 },
    ]);
    expect(tagCounts([])).toEqual([]);
  });
});
