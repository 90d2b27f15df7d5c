export function processMemo<T>(name: string, init: () => T): T;
export function existingProcessMemo<T>(name: string): T | undefined;
export function resetProcessState(): void;
