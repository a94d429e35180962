import type { Note } from './note.js';
import { extractTags, tagCounts } from './tags.js';

export class NoteRepository {
  private readonly notes = new Map<string, Note>();

  add(note: Note): void {
    if (this.notes.has(note.id)) throw new Error(`note ${note.id} exists`);
    this.notes.set(note.id, note);
  }

  get(id: string): Note | undefined {
    return this.notes.get(id);
  }

  search(text: string): Note[] {
    const needle = text.toLowerCase();
    return [...this.notes.values()].filter(
      (note) => note.title.toLowerCase().includes(needle) || note.body.toLowerCase().includes(needle),
    );
  }

  /** The notes tagged `#tag` (case-insensitive), most recently updated first. */
  withTag(tag: string): Note[] {
    const wanted = tag.replace(/^#/, '').toLowerCase();
    return this.all().filter((note) => extractTags(note.body).includes(wanted));
  }

  tags(): Array<{ tag: string; count: number }> {
    return tagCounts([...this.notes.values()].map((note) => note.body));
  }

  all(): Note[] {
    return [...this.notes.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }
}
