// The records of delivery-service requests and their comments (issue 31, reference wave3 §5.7), shared by the
// daemon (its response schemas) and the clients (the types).
import { int, nullableInt, nullableText, record, text, type FromSchema } from './schema.js';

/** A request: the delivery service it proposes as the client sent it; `assignee*` absent while unassigned. */
export const dsRequestSchema = record(
  {
    assigneeId: int,
    assignee: text,
    authorId: int,
    author: text,
    changeType: { type: 'string', enum: ['create', 'update', 'delete'] },
    createdAt: text,
    id: int,
    lastEditedBy: nullableText,
    lastEditedById: nullableInt,
    lastUpdated: text,
    deliveryService: { type: 'object', additionalProperties: true },
    status: { type: 'string', enum: ['draft', 'submitted', 'rejected', 'pending', 'complete'] },
  },
  ['assigneeId', 'assignee'],
);
export type DsRequestRecord = FromSchema<typeof dsRequestSchema>;

/** A comment on a request. */
export const dsRequestCommentSchema = record({
  authorId: int,
  author: text,
  deliveryServiceRequestId: int,
  id: int,
  lastUpdated: text,
  value: text,
  xmlId: text,
});
export type DsRequestCommentRecord = FromSchema<typeof dsRequestCommentSchema>;
