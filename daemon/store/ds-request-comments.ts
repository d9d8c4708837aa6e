import { all, one, type Work } from './sql-work.js';

/* Comments on delivery-service requests (issue 31), for both stores (daemon/store/sql-work.ts). */

/** A comment on a request. */
export interface DsRequestComment {
  id: number;
  authorId: number;
  author: string;
  deliveryServiceRequestId: number;
  value: string;
  xmlId: string;
  tenantId: number;
  lastUpdated: number;
}

/** Filters of GET deliveryservice_request_comments. */
export interface DsRequestCommentFilters {
  id?: number;
  authorId?: number;
  deliveryServiceRequestId?: number;
}

interface CommentRow {
  id: number;
  author_id: number;
  author: string;
  deliveryservice_request_id: number;
  value: string;
  xml_id: string;
  tenant_id: number;
  last_updated: number;
}

const COMMENT_SELECT = `SELECT c.*, u.username AS author, r.xml_id, r.tenant_id
  FROM deliveryservice_request_comments c
  JOIN users u ON u.id = c.author_id
  JOIN deliveryservice_requests r ON r.id = c.deliveryservice_request_id`;

const COMMENT_COLUMNS: Record<keyof DsRequestCommentFilters, string> = {
  id: 'c.id',
  authorId: 'c.author_id',
  deliveryServiceRequestId: 'c.deliveryservice_request_id',
};

const toComment = (r: CommentRow): DsRequestComment => ({
  id: r.id,
  authorId: r.author_id,
  author: r.author,
  deliveryServiceRequestId: r.deliveryservice_request_id,
  value: r.value,
  xmlId: r.xml_id,
  tenantId: r.tenant_id,
  lastUpdated: Number(r.last_updated),
});

/** `WHERE a = $1 AND b = $2` over the filters present, and their values. */
export function whereOf<F extends object>(filters: F, columns: Record<keyof F, string>): [string, unknown[]] {
  const keys = (Object.keys(columns) as Array<keyof F>).filter((k) => filters[k] !== undefined);
  const where = keys.map((k, i) => `${columns[k]} = $${i + 1}`).join(' AND ');
  return [where ? ` WHERE ${where}` : '', keys.map((k) => filters[k])];
}

export function* listComments(filters: DsRequestCommentFilters): Work<DsRequestComment[]> {
  const [where, values] = whereOf(filters, COMMENT_COLUMNS);
  return (yield* all<CommentRow>(`${COMMENT_SELECT}${where} ORDER BY c.id`, ...values)).map(toComment);
}

/** Adds a comment; null when there is no such request. */
export function* insertComment(authorId: number, requestId: number, value: string, now: number): Work<number | null> {
  if (!(yield* one('SELECT id FROM deliveryservice_requests WHERE id = $1', requestId))) return null;
  const row = yield* one<{ id: number }>(
    `INSERT INTO deliveryservice_request_comments (author_id, deliveryservice_request_id, value, last_updated)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    authorId,
    requestId,
    value,
    now,
  );
  return row?.id ?? null;
}
