export function processMemo<T>(name: string, init: () => T): T;
export function forgetProcessMemo(name: string): void;
