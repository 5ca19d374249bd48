// Nothing to lower: the contract holds.
__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
