// Host code built by g++: never parsed as CUDA.
int host_d(int x) { return x + 1; }
