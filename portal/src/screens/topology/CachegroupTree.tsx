import type { CachegroupRecord } from '../../api/topology';
import type { GroupNode, ServerLeaf } from '../../lib/cachegroup-tree';

interface TreeProps {
  nodes: GroupNode[];
  canWrite: boolean;
  onEdit: (group: CachegroupRecord) => void;
  onDelete: (group: CachegroupRecord) => void;
}

function ServerItem({ leaf }: { leaf: ServerLeaf }) {
  const { server, upToDate } = leaf;
  const pending = [server.updPending ? 'update pending' : '', server.revalPending ? 'revalidation pending' : '']
    .filter(Boolean)
    .join(', ');
  return (
    <li className="cg-server">
      <span className="mono">{server.hostName}</span>
      <span className="badge">{server.status}</span>
      <span className={upToDate ? 'badge badge-ok' : 'badge badge-scheduled'}>{upToDate ? 'up to date' : pending}</span>
    </li>
  );
}

/** One group: its tier, type, secondary parent, fallbacks and servers; then the groups below it. */
function GroupItem({ node, ...props }: { node: GroupNode } & Omit<TreeProps, 'nodes'>) {
  const g = node.group as CachegroupRecord;
  return (
    <li>
      <article className="cg-node" aria-label={`Cache group ${g.name}`}>
        <header className="cg-head">
          <span className={`tier tier-${node.tier.toLowerCase()}`}>{node.tier}</span>
          <strong>{g.name}</strong>
          <span className="muted">{g.typeName}</span>
          {node.inLoop ? <span className="badge badge-scheduled">parent loop</span> : null}
          {props.canWrite ? (
            <span className="cg-actions">
              <button type="button" className="link-button" onClick={() => props.onEdit(g)}>
                Edit
              </button>
              <button type="button" className="link-button" onClick={() => props.onDelete(g)}>
                Delete
              </button>
            </span>
          ) : null}
        </header>
        <dl className="cg-facts">
          {g.secondaryParentCachegroupName ? (
            <>
              <dt>Secondary parent</dt>
              <dd>{g.secondaryParentCachegroupName}</dd>
            </>
          ) : null}
          {g.fallbacks.length > 0 ? (
            <>
              <dt>Fallbacks</dt>
              <dd>{g.fallbacks.join(', ')}</dd>
            </>
          ) : null}
        </dl>
        {node.servers.length > 0 ? (
          <ul className="cg-servers" aria-label={`Servers of ${g.name}`}>
            {node.servers.map((leaf) => (
              <ServerItem key={leaf.server.id} leaf={leaf} />
            ))}
          </ul>
        ) : (
          <p className="muted cg-empty">No servers.</p>
        )}
      </article>
      {node.children.length > 0 ? <GroupList {...props} nodes={node.children} /> : null}
    </li>
  );
}

function GroupList(props: TreeProps) {
  return (
    <ul className="cg-tree">
      {props.nodes.map((node) => (
        <GroupItem key={node.group.id} {...props} node={node} />
      ))}
    </ul>
  );
}

/** The cache groups as a tree by parent: MID groups above the EDGE groups that fetch from them. */
export function CachegroupTree(props: TreeProps) {
  return (
    <div className="cg-tree-root" role="group" aria-label="Cache group tree">
      <GroupList {...props} />
    </div>
  );
}
