// Includes the portability layer but writes no lambda: nothing to lower.
#include <port/port.h>
PORT_INLINE __device__ int twice(int x) { return 2 * x; }
__global__ void kern(int *p) { p[threadIdx.x] = twice(p[threadIdx.x]); }
