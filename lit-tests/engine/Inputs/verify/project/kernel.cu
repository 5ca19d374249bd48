// Device code calls a constexpr helper of a library outside the project
// root: no rule may annotate it, so the output still needs
// --expt-relaxed-constexpr, and the tool says so.
#include "unroll.h"

__global__ void k(int *p, int n) {
  for (int i = 0; i < unroll(n); ++i)
    p[i] = i;
}
