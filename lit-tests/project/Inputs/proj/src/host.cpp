// A host-only entry of the database: not a CUDA entry, never processed.
int hostOnly() { return 0; }
