// The macro comes from a header outside the project (-I).
#include <port/port.h>
template <class F> __global__ void kern(F f) { f(threadIdx.x); }
void run(int *p) {
  kern<<<1, 32>>>(PORT_LAMBDA (int i) { p[i] = 3 * i; });
}
