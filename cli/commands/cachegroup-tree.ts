import type { Cachegroup } from '../../shared/client/servers.js';

/** One node of `cdnctl cachegroups tree`: a group, its server count and the groups whose parent it is. */
export interface TreeNode {
  name: string;
  type: string;
  servers: number;
  secondaryParent: string | null;
  children: TreeNode[];
}

/**
 * The MID/EDGE hierarchy: each group under its parent (groups without one, or whose parent is not listed, are
 * roots), by name; a secondary parent is named on the child's line.
 */
export function cachegroupTree(groups: Cachegroup[], serverCounts: Map<string, number>): TreeNode[] {
  const names = new Set(groups.map((g) => g.name));
  const node = (g: Cachegroup): TreeNode => ({
    name: g.name,
    type: g.typeName,
    servers: serverCounts.get(g.name) ?? 0,
    secondaryParent: g.secondaryParentCachegroupName,
    children: groups
      .filter((c) => c.parentCachegroupName === g.name && c.name !== g.name)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(node),
  });
  return groups
    .filter((g) => g.parentCachegroupName === null || !names.has(g.parentCachegroupName))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(node);
}

function line(n: TreeNode): string {
  const count = `${n.servers} server${n.servers === 1 ? '' : 's'}`;
  const secondary = n.secondaryParent ? `, secondary parent ${n.secondaryParent}` : '';
  return `${n.name} [${n.type}] ${count}${secondary}`;
}

/** The tree drawn with box characters, one group a line. */
export function drawTree(roots: TreeNode[]): string {
  const out: string[] = [];
  const walk = (n: TreeNode, prefix: string, last: boolean, root: boolean) => {
    out.push(root ? line(n) : `${prefix}${last ? '└── ' : '├── '}${line(n)}`);
    const next = root ? '' : `${prefix}${last ? '    ' : '│   '}`;
    n.children.forEach((c, i) => walk(c, next, i === n.children.length - 1, false));
  };
  for (const r of roots) walk(r, '', true, true);
  return out.join('\n');
}
