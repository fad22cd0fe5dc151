export declare const root: string;
export declare function sourceFiles(dir: string): string[];
export declare function importsOf(file: string): string[];
export interface ModuleGraph {
  edges: Map<string, Map<string, number>>;
  imports: number;
  intoRepositories: string[];
  cycles: string[][];
}
export declare function moduleGraph(): ModuleGraph;
export declare function describeModuleGraph(graph: ModuleGraph): string;
