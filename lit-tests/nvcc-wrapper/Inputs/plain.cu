// Nothing any rule rewrites: the wrapper must hand it to nvcc as it is.
__global__ void scale(float *y, float a) { y[threadIdx.x] *= a; }
void run(float *y) { scale<<<1, 32>>>(y, 2.0f); }
