// Host code built by g++: never parsed as CUDA.
int host_b(int x) { return x + 1; }
