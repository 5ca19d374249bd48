// Host code built by g++: never parsed as CUDA.
int host_a(int x) { return x + 1; }
