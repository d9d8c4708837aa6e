/** One function of a source file and its length in lines. */
export interface FunctionLength {
  file: string;
  name: string;
  line: number;
  lines: number;
}
export const SOURCE_DIRS: string[];
export function sourceFiles(root?: string): string[];
export function functionsOf(file: string, text: string): FunctionLength[];
export function longFunctions(limit?: number, root?: string): FunctionLength[];
