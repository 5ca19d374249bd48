#include "shared.cuh"
void runC(double *p) {
  auto g = [=] __device__ (int i) { double x = p[i], y = p[i + 1]; order(x, y); return x; };
  (void)g;
}
