import type { Change } from './change-log.js';
import { all, one, run, type Work, type WorkRunner } from './sql-work.js';
import {
  insertComment,
  listComments,
  whereOf,
  type DsRequestComment,
  type DsRequestCommentFilters,
} from './ds-request-comments.js';

export type { DsRequestComment, DsRequestCommentFilters };

/*
 * Delivery-service requests and their comments (issue 31, reference wave3 §5.7), written once for both stores
 * (daemon/store/sql-work.ts). A request stores the delivery service it proposes as JSON text; nothing a cache
 * uses changes with a request, so no write here queues updates.
 */

/** The statuses of a request; draft, submitted and pending ones are open. */
export const DSR_STATUSES = ['draft', 'submitted', 'rejected', 'pending', 'complete'] as const;
export type DsrStatus = (typeof DSR_STATUSES)[number];
export const OPEN_STATUSES: readonly DsrStatus[] = ['draft', 'submitted', 'pending'];
/** What a request proposes. */
export const DSR_CHANGE_TYPES = ['create', 'update', 'delete'] as const;
export type DsrChangeType = (typeof DSR_CHANGE_TYPES)[number];

/** A stored request, with its users' names. */
export interface DsRequest {
  id: number;
  assigneeId: number | null;
  assignee: string | null;
  authorId: number;
  author: string;
  lastEditedById: number | null;
  lastEditedBy: string | null;
  changeType: DsrChangeType;
  status: DsrStatus;
  xmlId: string;
  tenantId: number;
  /** The delivery service as the client sent it (JSON text). */
  deliveryService: string;
  createdAt: number;
  lastUpdated: number;
}

/** The writable fields of a request. */
export interface DsRequestFields {
  changeType: DsrChangeType;
  status: DsrStatus;
  xmlId: string;
  tenantId: number;
  deliveryService: string;
}

/** Filters of GET deliveryservice_requests; an absent key does not filter. */
export interface DsRequestFilters {
  id?: number;
  assigneeId?: number;
  authorId?: number;
  changeType?: string;
  status?: string;
  xmlId?: string;
}

interface RequestRow {
  id: number;
  assignee_id: number | null;
  assignee: string | null;
  author_id: number;
  author: string;
  last_edited_by_id: number | null;
  last_edited_by: string | null;
  change_type: string;
  status: string;
  xml_id: string;
  tenant_id: number;
  deliveryservice: string;
  created_at: number;
  last_updated: number;
}

const REQUEST_SELECT = `SELECT r.*, a.username AS assignee, au.username AS author, e.username AS last_edited_by
  FROM deliveryservice_requests r
  JOIN users au ON au.id = r.author_id
  LEFT JOIN users a ON a.id = r.assignee_id
  LEFT JOIN users e ON e.id = r.last_edited_by_id`;

const REQUEST_COLUMNS: Record<keyof DsRequestFilters, string> = {
  id: 'r.id',
  assigneeId: 'r.assignee_id',
  authorId: 'r.author_id',
  changeType: 'r.change_type',
  status: 'r.status',
  xmlId: 'r.xml_id',
};

const toRequest = (r: RequestRow): DsRequest => ({
  id: r.id,
  assigneeId: r.assignee_id,
  assignee: r.assignee,
  authorId: r.author_id,
  author: r.author,
  lastEditedById: r.last_edited_by_id,
  lastEditedBy: r.last_edited_by,
  changeType: r.change_type as DsrChangeType,
  status: r.status as DsrStatus,
  xmlId: r.xml_id,
  tenantId: r.tenant_id,
  deliveryService: r.deliveryservice,
  createdAt: Number(r.created_at),
  lastUpdated: Number(r.last_updated),
});

function* listRequests(filters: DsRequestFilters): Work<DsRequest[]> {
  const [where, values] = whereOf(filters, REQUEST_COLUMNS);
  return (yield* all<RequestRow>(`${REQUEST_SELECT}${where} ORDER BY r.id`, ...values)).map(toRequest);
}

/** The id of another open request for the xmlId, if any. */
function* openRequestFor(xmlId: string, except: number): Work<number | null> {
  const row = yield* one<{ id: number }>(
    `SELECT id FROM deliveryservice_requests WHERE xml_id = $1 AND id <> $2
        AND status IN ('draft', 'submitted', 'pending') LIMIT 1`,
    xmlId,
    except,
  );
  return row?.id ?? null;
}

/** What a create answers: the new id, or `open` when another open request proposes the same xmlId. */
export type DsrCreateResult = { id: number } | { open: number };
/** What an update answers. */
export type DsrUpdateResult = 'ok' | 'missing' | 'open';

function* createRequest(authorId: number, f: DsRequestFields, now: number): Work<DsrCreateResult> {
  const open = yield* openRequestFor(f.xmlId, 0);
  if (open !== null) return { open };
  const row = yield* one<{ id: number }>(
    `INSERT INTO deliveryservice_requests (author_id, last_edited_by_id, change_type, status, xml_id, tenant_id,
            deliveryservice, created_at, last_updated)
     VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
    authorId,
    f.changeType,
    f.status,
    f.xmlId,
    f.tenantId,
    f.deliveryService,
    now,
  );
  if (!row) throw new Error('deliveryservice_requests: INSERT answered no id');
  return { id: row.id };
}

function* updateRequest(id: number, editorId: number, f: DsRequestFields, now: number): Work<DsrUpdateResult> {
  if (!(yield* one('SELECT id FROM deliveryservice_requests WHERE id = $1', id))) return 'missing';
  if (f.status !== 'rejected' && f.status !== 'complete' && (yield* openRequestFor(f.xmlId, id)) !== null)
    return 'open';
  const changed = yield* run(
    `UPDATE deliveryservice_requests SET last_edited_by_id = $1, change_type = $2, status = $3, xml_id = $4,
            tenant_id = $5, deliveryservice = $6, last_updated = $7 WHERE id = $8`,
    editorId,
    f.changeType,
    f.status,
    f.xmlId,
    f.tenantId,
    f.deliveryService,
    now,
    id,
  );
  return changed > 0 ? 'ok' : 'missing';
}

function* setColumn(id: number, column: 'status' | 'assignee_id', value: unknown, editorId: number, now: number) {
  const changed = yield* run(
    `UPDATE deliveryservice_requests SET ${column} = $1, last_edited_by_id = $2, last_updated = $3 WHERE id = $4`,
    value,
    editorId,
    now,
    id,
  );
  return changed > 0;
}

type Changes<R> = ReadonlyArray<Change<R>>;

/** Delivery-service requests and comments (issue 31): reads, and writes with their change-log entries. */
export interface DsRequestStore {
  list(filters: DsRequestFilters): Promise<DsRequest[]>;
  create(
    authorId: number,
    f: DsRequestFields,
    now: number,
    changes?: Changes<DsrCreateResult>,
  ): Promise<DsrCreateResult>;
  update(
    id: number,
    editorId: number,
    f: DsRequestFields,
    now: number,
    changes?: Changes<DsrUpdateResult>,
  ): Promise<DsrUpdateResult>;
  /** Sets the status; false when there is no such request. */
  setStatus(id: number, editorId: number, status: DsrStatus, now: number, changes?: Changes<boolean>): Promise<boolean>;
  /** Sets (or, with null, clears) the assignee; false when there is no such request. */
  assign(
    id: number,
    editorId: number,
    assigneeId: number | null,
    now: number,
    changes?: Changes<boolean>,
  ): Promise<boolean>;
  /** Deletes a request and its comments; false when there is no such request. */
  remove(id: number, changes?: Changes<boolean>): Promise<boolean>;
  comments(filters: DsRequestCommentFilters): Promise<DsRequestComment[]>;
  /** Adds a comment; null when there is no such request. */
  addComment(
    authorId: number,
    requestId: number,
    value: string,
    now: number,
    changes?: Changes<number | null>,
  ): Promise<number | null>;
  /** Replaces a comment's text; false when there is no such comment. */
  editComment(id: number, value: string, now: number, changes?: Changes<boolean>): Promise<boolean>;
  removeComment(id: number, changes?: Changes<boolean>): Promise<boolean>;
}

/** The request store over an adapter's runner. */
export function dsRequests(runner: WorkRunner): DsRequestStore {
  return {
    list: (filters) => runner.read(() => listRequests(filters)),
    create: (authorId, f, now, changes) => runner.write(() => createRequest(authorId, f, now), changes),
    update: (id, editorId, f, now, changes) => runner.write(() => updateRequest(id, editorId, f, now), changes),
    setStatus: (id, editorId, status, now, changes) =>
      runner.write(() => setColumn(id, 'status', status, editorId, now), changes),
    assign: (id, editorId, assigneeId, now, changes) =>
      runner.write(() => setColumn(id, 'assignee_id', assigneeId, editorId, now), changes),
    remove: (id, changes) =>
      runner.write(function* () {
        return (yield* run('DELETE FROM deliveryservice_requests WHERE id = $1', id)) > 0;
      }, changes),
    comments: (filters) => runner.read(() => listComments(filters)),
    addComment: (authorId, requestId, value, now, changes) =>
      runner.write(() => insertComment(authorId, requestId, value, now), changes),
    editComment: (id, value, now, changes) =>
      runner.write(function* () {
        const sql = 'UPDATE deliveryservice_request_comments SET value = $1, last_updated = $2 WHERE id = $3';
        return (yield* run(sql, value, now, id)) > 0;
      }, changes),
    removeComment: (id, changes) =>
      runner.write(function* () {
        return (yield* run('DELETE FROM deliveryservice_request_comments WHERE id = $1', id)) > 0;
      }, changes),
  };
}
