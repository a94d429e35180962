import type { Note } from './note.js';

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

  all(): Note[] {
    return [...this.notes.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }
}
