export declare function referencesOf(file: string, text?: string): string[];
export declare function touchesTestDatabase(file: string, seen?: Map<string, boolean>): boolean;
export declare function databaseTestFiles(dirs?: string[]): string[];
