// Does not parse: the CI outputs record it with its first error.
__global__ void broken(float *p) { p[0] = undeclared; }
