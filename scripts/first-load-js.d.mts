export declare const FIRST_LOAD_BUDGET_BYTES: number;
export declare function kb(bytes: number): string;
export declare function firstLoadJs(clientDir: string): {
  files: { path: string; raw: number; gzip: number }[];
  totalGzip: number;
};
