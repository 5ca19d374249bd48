// Nothing to rewrite.
__global__ void scale(float *p, float s) { p[threadIdx.x] *= s; }
