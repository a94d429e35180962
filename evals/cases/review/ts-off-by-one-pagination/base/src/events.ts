export type EventKind = 'login' | 'logout' | 'role-change' | 'export' | 'delete';

export interface AuditEvent {
  id: number;
  at: string;
  actor: string;
  kind: EventKind;
  detail: string;
}

export interface EventFilter {
  actor?: string;
  kinds?: EventKind[];
  since?: string;
}

export function filterEvents(events: AuditEvent[], filter: EventFilter): AuditEvent[] {
  return events.filter((event) => {
    if (filter.actor && event.actor !== filter.actor) return false;
    if (filter.kinds && !filter.kinds.includes(event.kind)) return false;
    if (filter.since && event.at < filter.since) return false;
    return true;
  });
}
