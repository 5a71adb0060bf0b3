export type TreeSnapshot = Map<string, string>;
export declare function snapshotTree(root: string): TreeSnapshot;
export declare function changedPaths(before: TreeSnapshot, after: TreeSnapshot): string[];
