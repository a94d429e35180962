export interface Note {
  id: string;
  title: string;
  body: string;
  createdAt: string;
  updatedAt: string;
}

export function newNote(id: string, title: string, body: string, now: Date): Note {
  const stamp = now.toISOString();
  const trimmed = title.trim();
  if (trimmed === '') throw new Error('a note needs a title');
  return { id, title: trimmed, body, createdAt: stamp, updatedAt: stamp };
}
