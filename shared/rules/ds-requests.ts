// The life of a delivery-service request (issue 31, reference wave3 §5.7), shared by the daemon and the clients.

/** A request's status. */
export type RequestStatus = 'draft' | 'submitted' | 'rejected' | 'pending' | 'complete';

/** The statuses each status may move to (besides staying where it is). */
const NEXT: Record<RequestStatus, readonly RequestStatus[]> = {
  draft: ['submitted'],
  submitted: ['draft', 'rejected', 'pending', 'complete'],
  pending: ['complete'],
  rejected: [],
  complete: [],
};

/**
 * Why a request may not move from `from` to `to`, or null when it may: a rejected or complete request never
 * changes again; otherwise staying put is always allowed, and a move must be one of Traffic Ops' transitions
 * (draft ⇄ submitted, submitted → rejected | pending | complete, pending → complete).
 */
export function transitionProblem(from: RequestStatus, to: RequestStatus): string | null {
  if (NEXT[from].length === 0) return `${from} request cannot be changed`;
  if (from === to || NEXT[from].includes(to)) return null;
  return `invalid transition from ${from} to ${to}`;
}
