// A source of the stress tests: its own lambda, and the shared header's.
#include "shared.cuh"

void run_b(int *p, int k) {
  apply<<<1, 32>>>([=] __device__(int v) { return v + k; }, p);
  scaleAll(p, k);
}
