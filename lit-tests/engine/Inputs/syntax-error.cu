// A kernel with a syntax error on line 6.
#include <cstdio>

__global__ void scale(float *p, int n) {
  int i = threadIdx.x;
  p[i] = p[i] * ;
}

int main() { return 0; }
