int ops() { return 1; }
