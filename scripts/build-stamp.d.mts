export type BuildPart = 'web' | 'server';
export const PARTS: Record<BuildPart, { outDir: string; stamp: string }>;
export interface BuildInputs {
  files?: string[];
  dirs?: string[];
}
export function hashInputs(root: string, inputs: BuildInputs): string;
export function writeStamp(root: string, stampFile: string, inputs: BuildInputs): void;
export function staleness(root: string, part: BuildPart): 'missing' | 'stale' | null;
export function projectFile(root: string, file: string): string | null;
