import { searchInProcess } from "./search";

/*
 * Entry point for the in-process search figures, run as a child of the bench (see
 * searchInProcessChild): its heap figure is then the index alone, and its seconds of
 * synchronous work cannot starve the bench's own sockets. Prints one JSON line.
 */
process.stdout.write(JSON.stringify(searchInProcess()) + "\n");
