/**
 * Who changed what, through which app, from where (issue 36): one row per change made through a
 * tool, grant, revocation, refresh-token reuse, sign-in and SSO account creation. Rows are only
 * added and, past the retention, purged; never edited.
 */
export interface AuditEvent {
  readonly id: string;
  readonly at: number;
  /** A closed set: `survey.create`, `survey.status`, `grant.create`, `sign-in`, … (see `auditActions`). */
  readonly action: string;
  /** The person who acted, when known (a sign-in with a wrong password has none). */
  readonly actorUserId: string | undefined;
  /** The app (OAuth client) it went through, when there was one. */
  readonly clientId: string | undefined;
  readonly surveyId: string | undefined;
  readonly workspaceId: string | undefined;
  /** The client address as the rate limits see it. */
  readonly address: string | undefined;
  /** The W3C trace and span of the request that made the change, when it carried one (or its span was exported). */
  readonly traceId?: string;
  readonly spanId?: string;
  /** What changed, briefly (a status from and to, a share's person and role); never a secret. */
  readonly detail: Readonly<Record<string, unknown>>;
}

/** An event as read back: with the actor's email and the app's name, as they are now. */
export interface AuditEntry extends AuditEvent {
  /** Insertion order, to page past events of one millisecond. */
  readonly seq: number;
  readonly actorEmail: string | undefined;
  readonly clientName: string | undefined;
}

/** Which events: only the filters it names. */
export interface AuditFilter {
  readonly userId?: string;
  readonly surveyId?: string;
  /** The workspace's events: its surveys' and its own (an account SSO created in it). */
  readonly workspaceId?: string;
  /** Events at or after this time (ms). */
  readonly since?: number;
}

export interface AuditQuery extends AuditFilter {
  /** Events before this one in the trail's order (the last of the previous page). */
  readonly before?: { readonly at: number; readonly seq: number };
  /** The newest first, at most this many. */
  readonly limit: number;
}

export interface AuditStore {
  recordAuditEvent(event: AuditEvent): Promise<void>;
  listAuditEvents(query: AuditQuery): Promise<AuditEntry[]>;
  countAuditEvents(filter: AuditFilter): Promise<number>;
  /** Deletes the events older than `beforeMs`; how many went. */
  purgeAuditEvents(beforeMs: number): Promise<number>;
}
