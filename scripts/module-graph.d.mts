export declare const root: string;
export declare const modulesDir: string;
export declare function sourceFiles(dir: string, options?: { withTests?: boolean }): string[];
export declare function importsOf(file: string): string[];
export interface ModuleGraph {
  edges: Map<string, Map<string, number>>;
  imports: number;
  intoRepositories: string[];
  /** Imports (tests included) of another module's file other than its index.ts. */
  pastIndexes: string[];
  cycles: string[][];
}
export declare function moduleGraph(dir?: string): ModuleGraph;
export declare function boundaryProblems(graph: Pick<ModuleGraph, 'cycles' | 'pastIndexes'>): string[];
export declare function describeModuleGraph(graph: ModuleGraph): string;
