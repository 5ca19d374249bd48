// Host code built by g++: never parsed as CUDA.
int host_c(int x) { return x + 1; }
