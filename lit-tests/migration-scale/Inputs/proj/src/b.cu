#include "shared.cuh"
__global__ void kb(int *p) { order(p[0], undeclared); }
