/**
 * Trace context (issue 47): the W3C trace and span of the request that made each change, to go
 * from an audit row to the request's log line and spans; NULL for a request without one.
 */
export const auditTrace = `
ALTER TABLE audit_events ADD COLUMN trace_id TEXT;
ALTER TABLE audit_events ADD COLUMN span_id TEXT;
`;
