#include "shared.cuh"
__global__ void kb(float *p) { order(p[0], p[1]); }
